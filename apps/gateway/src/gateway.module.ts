import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { DatabaseModule } from '@app/database';
import { gatewayConfig } from './config/gateway.env';
import { identityDatabase } from './database/identity.database';
import { HealthModule } from './health/health.module';

/** The public edge: REST under /v1 (and later /mcp, /oauth); owns the identity schema. */
@Module({
  imports: [ConfigModule.forFeature(gatewayConfig), DatabaseModule.forService(identityDatabase), HealthModule],
})
export class GatewayModule {}
