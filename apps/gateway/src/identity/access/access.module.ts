import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IDENTITY_DATABASE } from '../../database/identity.database';
import { OAuthModule } from '../../oauth/oauth.module';
import { ApiKey } from '../api-keys/api-key.entity';
import { ApiKeyVerifier } from '../api-keys/api-key-verifier';
import { ApiKeysRepository } from '../api-keys/api-keys.repository';
import { AccessTokensService } from '../auth/access-tokens.service';
import { AccessGuard } from './access.guard';
import { PrincipalsRepository } from './principals.repository';
import { AccessTokenStrategy } from './strategies/access-token.strategy';
import { ApiKeyStrategy } from './strategies/api-key.strategy';
import { OAuthAccessTokenStrategy } from './strategies/oauth-access-token.strategy';

/** Credentials (a Passport strategy per kind) and the global guard; exported for the features that issue or revoke them. */
@Global()
@Module({
  imports: [PassportModule, JwtModule.register({}), TypeOrmModule.forFeature([ApiKey], IDENTITY_DATABASE), OAuthModule],
  providers: [
    AccessTokensService,
    ApiKeyVerifier,
    ApiKeysRepository,
    PrincipalsRepository,
    ApiKeyStrategy,
    AccessTokenStrategy,
    OAuthAccessTokenStrategy,
    { provide: APP_GUARD, useClass: AccessGuard },
  ],
  exports: [AccessTokensService, ApiKeyVerifier, ApiKeysRepository],
})
export class AccessModule {}
