import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { RateLimitsModule } from '../rate-limits/rate-limits.module';
import { AccountLinksController, MyAccountController } from './account-lifecycle.controller';
import { AccountLifecycleRepository } from './account-lifecycle.repository';
import { AccountLifecycleService } from './account-lifecycle.service';

/** E-mail verification, password reset and change, account deletion (issue 25). */
@Module({
  imports: [AccountsModule, RateLimitsModule],
  controllers: [AccountLinksController, MyAccountController],
  providers: [AccountLifecycleService, AccountLifecycleRepository],
})
export class LifecycleModule {}
