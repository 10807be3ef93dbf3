import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IDENTITY_DATABASE } from '../../database/identity.database';
import { RateLimitsModule } from '../rate-limits/rate-limits.module';
import { Membership } from '../workspaces/membership.entity';
import { WelcomeAllowance } from '../workspaces/welcome-allowance';
import { Workspace } from '../workspaces/workspace.entity';
import { AccountLinks } from './account-links';
import { EmailVerification } from './email-verification';
import { Account } from './account.entity';
import { AccountsController } from './accounts.controller';
import { AccountsRepository } from './accounts.repository';
import { AccountsService } from './accounts.service';

/** Sign-up and account records. */
@Module({
  imports: [TypeOrmModule.forFeature([Account, Workspace, Membership], IDENTITY_DATABASE), RateLimitsModule],
  controllers: [AccountsController],
  providers: [AccountsService, AccountsRepository, WelcomeAllowance, AccountLinks, EmailVerification],
  exports: [AccountsRepository, AccountLinks, EmailVerification],
})
export class AccountsModule {}
