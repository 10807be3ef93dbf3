import { Module } from '@nestjs/common';
import type { Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import { APP_RUNTIME } from '@app/contracts';
import type { ServiceName } from '@app/contracts';
import { BaseEnv, loadEnv } from '@app/config';
import { AppExceptionFilter, contractValidationPipe } from '@app/errors';
import { DrainingNatsServer } from '@app/messaging';
import { PlatformModule } from './platform.module';
import { distributedDatabase, runtimeOptionsFrom } from './runtime-env';
import { closeGracefullyOnSignals } from './shutdown';
import { serviceHealthModule } from './health/service-health.module';

/**
 * Runs one service as its own process (distributed mode): its module, NATS in the
 * service's queue group so replicas share the load, and HTTP health probes on PORT.
 */
export async function runService(service: ServiceName, serviceModule: Type): Promise<NestFastifyApplication> {
  const env = loadEnv(BaseEnv);
  const port = env.PORT ?? APP_RUNTIME[service].port;
  const runtime = runtimeOptionsFrom(env, 'distributed', service);

  @Module({
    imports: [
      PlatformModule.forRoot({ runtime, database: distributedDatabase(env, service), logLevel: env.LOG_LEVEL }),
      serviceModule,
      serviceHealthModule(service),
    ],
  })
  class ServiceProcessModule {}

  const app = await NestFactory.create<NestFastifyApplication>(ServiceProcessModule, new FastifyAdapter(), {
    bufferLogs: true,
  });
  const logger = app.get(Logger);
  app.useLogger(logger);
  app.useGlobalFilters(new AppExceptionFilter());
  app.useGlobalPipes(contractValidationPipe());
  app.connectMicroservice(
    {
      strategy: new DrainingNatsServer(
        { servers: env.NATS_URL.split(','), queue: service, name: runtime.instanceId, maxReconnectAttempts: -1 },
        runtime.eventsNamespace,
      ),
    },
    { inheritAppConfig: true },
  );
  await app.startAllMicroservices();
  await app.listen({ port, host: '0.0.0.0' });
  closeGracefullyOnSignals(app, logger, env.SHUTDOWN_TIMEOUT_MS);
  logger.log(`${service} listening on NATS queue "${service}", health on :${port}`);
  return app;
}
