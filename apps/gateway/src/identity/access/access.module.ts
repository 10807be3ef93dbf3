import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IDENTITY_DATABASE } from '../../database/identity.database';
import { ApiKey } from '../api-keys/api-key.entity';
import { ApiKeyVerifier } from '../api-keys/api-key-verifier';
import { ApiKeysRepository } from '../api-keys/api-keys.repository';
import { AccessTokensService } from '../auth/access-tokens.service';
import { AccessGuard } from './access.guard';
import { PrincipalsRepository } from './principals.repository';

/** Credentials and the global guard; exported for the features that issue or revoke them. */
@Global()
@Module({
  imports: [JwtModule.register({}), TypeOrmModule.forFeature([ApiKey], IDENTITY_DATABASE)],
  providers: [
    AccessTokensService,
    ApiKeyVerifier,
    ApiKeysRepository,
    PrincipalsRepository,
    { provide: APP_GUARD, useClass: AccessGuard },
  ],
  exports: [AccessTokensService, ApiKeyVerifier, ApiKeysRepository],
})
export class AccessModule {}
