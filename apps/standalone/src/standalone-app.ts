import { Module } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { publicUrlOf } from '@app/config';
import { APP_RUNTIME } from '@app/contracts';
import { IN_PROCESS_BROKER, InProcessServer } from '@app/messaging';
import type { InProcessBroker } from '@app/messaging';
import { PlatformModule, runtimeOptionsFrom } from '@app/platform';
import { BillingModule } from '../../billing/src/billing.module';
import { CatalogueModule } from '../../catalogue/src/catalogue.module';
import { DecisionModule } from '../../decision/src/decision.module';
import { GatewayModule } from '../../gateway/src/gateway.module';
import { parseCorsOrigins } from '../../gateway/src/http/browser-safety';
import { createHttpApp } from '../../gateway/src/http/create-http-app';
import { LeadsModule } from '../../leads/src/leads.module';
import { NotificationModule } from '../../notification/src/notification.module';
import type { StandaloneEnv } from './standalone.env';

/**
 * Every app's root module in one process, joined by the in-process transport. This file
 * and the tooling beside it are the only places allowed to import from several apps.
 */
export async function createStandaloneApp(env: StandaloneEnv, databaseUrl: string): Promise<NestFastifyApplication> {
  const runtime = runtimeOptionsFrom(env, 'standalone', 'standalone');

  @Module({
    imports: [
      PlatformModule.forRoot({
        runtime,
        database: { url: databaseUrl, poolSize: env.DB_POOL_SIZE, applicationName: 'standalone' },
        logLevel: env.LOG_LEVEL,
        metricsPort: env.METRICS_PORT,
      }),
      GatewayModule,
      DecisionModule,
      CatalogueModule,
      LeadsModule,
      BillingModule,
      NotificationModule,
    ],
  })
  class StandaloneModule {}

  const port = env.PORT ?? APP_RUNTIME.gateway.port;
  const app = await createHttpApp(StandaloneModule, {
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    trustProxyHops: env.TRUST_PROXY_HOPS,
    corsOrigins: parseCorsOrigins(env.CORS_ORIGINS),
    publicUrl: publicUrlOf(env.PUBLIC_URL, port),
  });
  app.connectMicroservice(
    { strategy: new InProcessServer(app.get<InProcessBroker>(IN_PROCESS_BROKER)) },
    { inheritAppConfig: true },
  );
  await app.startAllMicroservices();
  return app;
}
