// Tracing first, before anything loads pg.
import './tracing';
import { Module } from '@nestjs/common';
import { Logger } from 'nestjs-pino';
import { APP_RUNTIME } from '@app/contracts';
import { ConfigurationError, loadEnv, publicUrlOf } from '@app/config';
import { DrainingNatsServer, natsConnectionOptions } from '@app/messaging';
import {
  PlatformModule,
  closeGracefullyOnSignals,
  distributedDatabase,
  exitOnStartupError,
  releaseStartupMemory,
  runtimeOptionsFrom,
} from '@app/platform';
import { GatewayEnv } from './config/gateway.env';
import { GatewayModule } from './gateway.module';
import { parseCorsOrigins } from './http/browser-safety';
import { createHttpApp } from './http/create-http-app';

/** Distributed mode: the gateway alone, reaching services over NATS. */
async function bootstrap(): Promise<void> {
  const env = loadEnv(GatewayEnv);
  if (!env.JWT_SIGNING_KEYS)
    throw new ConfigurationError([
      'JWT_SIGNING_KEYS: required in distributed mode (not set; `npm run start:distributed` makes a development key)',
    ]);
  const port = env.PORT ?? APP_RUNTIME.gateway.port;
  const runtime = runtimeOptionsFrom(env, 'distributed', 'gateway');

  @Module({
    imports: [
      PlatformModule.forRoot({
        runtime,
        database: distributedDatabase(env, 'gateway'),
        logLevel: env.LOG_LEVEL,
        metricsPort: env.METRICS_PORT,
      }),
      GatewayModule,
    ],
  })
  class GatewayProcessModule {}

  const app = await createHttpApp(GatewayProcessModule, {
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    trustProxyHops: env.TRUST_PROXY_HOPS,
    corsOrigins: parseCorsOrigins(env.CORS_ORIGINS),
    publicUrl: publicUrlOf(env.PUBLIC_URL, port),
  });
  app.connectMicroservice(
    {
      strategy: new DrainingNatsServer(
        { ...natsConnectionOptions(runtime, runtime.instanceId), queue: 'gateway' },
        runtime.eventsNamespace,
      ),
    },
    { inheritAppConfig: true },
  );
  await app.startAllMicroservices();
  await app.listen({ port, host: '0.0.0.0' });
  const logger = app.get(Logger);
  closeGracefullyOnSignals(app, logger, env.SHUTDOWN_TIMEOUT_MS);
  releaseStartupMemory();
  logger.log(`Gateway listening on :${port}`);
}

bootstrap().catch(exitOnStartupError);
