import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IDENTITY_DATABASE } from '../../database/identity.database';
import { AccountsModule } from '../accounts/accounts.module';
import { RateLimitsModule } from '../rate-limits/rate-limits.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { MeController } from './me.controller';
import { RefreshToken } from './refresh-token.entity';
import { RefreshTokensRepository } from './refresh-tokens.repository';

/** Login, token refresh and logout, `GET /v1/me`. AccessTokensService comes from the global AccessModule. */
@Module({
  imports: [TypeOrmModule.forFeature([RefreshToken], IDENTITY_DATABASE), AccountsModule, RateLimitsModule],
  controllers: [AuthController, MeController],
  providers: [AuthService, RefreshTokensRepository],
})
export class AuthModule {}
