import { Global, Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { gatewayConfig } from './gateway.env';

/** The gateway's validated configuration, injectable in all its features with `@InjectConfig(gatewayConfig)`. */
@Global()
@Module({
  imports: [ConfigModule.forFeature(gatewayConfig)],
  exports: [ConfigModule],
})
export class GatewayConfigModule {}
