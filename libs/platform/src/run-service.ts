import { Module } from '@nestjs/common';
import type { INestMicroservice, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { ClientProxy } from '@nestjs/microservices';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { Logger } from 'nestjs-pino';
import { APP_RUNTIME } from '@app/contracts';
import type { ServiceName } from '@app/contracts';
import { BaseEnv, loadEnv } from '@app/config';
import { AppExceptionFilter, contractValidationPipe } from '@app/errors';
import { DrainingNatsServer, TRANSPORT_CLIENT, natsConnectionOptions } from '@app/messaging';
import { renderMetrics, startProcessMetrics } from '@app/observability';
import { PlatformModule } from './platform.module';
import { distributedDatabase, runtimeOptionsFrom } from './runtime-env';
import { closeGracefullyOnSignals } from './shutdown';
import { releaseStartupMemory } from './startup-memory';
import { pingDatabase } from './health/database-check';
import { serveProbes } from './health/service-probes';
import { checkTransport } from './health/transport-check';

/**
 * Runs one service as its own process (distributed mode): its module as a Nest
 * microservice on NATS, in the service's queue group so replicas share the load, and the
 * HTTP health probes on PORT. Services answer no other HTTP, so they load no web framework.
 */
export async function runService(service: ServiceName, serviceModule: Type): Promise<INestMicroservice> {
  const env = loadEnv(BaseEnv);
  const runtime = runtimeOptionsFrom(env, 'distributed', service);

  @Module({
    imports: [
      PlatformModule.forRoot({ runtime, database: distributedDatabase(env, service), logLevel: env.LOG_LEVEL }),
      serviceModule,
    ],
  })
  class ServiceProcessModule {}

  const app = await NestFactory.createMicroservice(ServiceProcessModule, {
    strategy: new DrainingNatsServer(
      { ...natsConnectionOptions(runtime, runtime.instanceId), queue: service },
      runtime.eventsNamespace,
    ),
    bufferLogs: true,
  });
  const logger = app.get(Logger);
  app.useLogger(logger);
  app.useGlobalFilters(new AppExceptionFilter());
  app.useGlobalPipes(contractValidationPipe());
  await app.listen();

  const dataSource = app.get<DataSource>(getDataSourceToken(service), { strict: false });
  const transport = app.get<ClientProxy>(TRANSPORT_CLIENT, { strict: false });
  const probes = await serveProbes({
    port: env.PORT ?? APP_RUNTIME[service].port,
    host: '0.0.0.0',
    livenessPath: APP_RUNTIME[service].livenessPath,
    readinessPath: APP_RUNTIME[service].readinessPath,
    dependenciesPath: APP_RUNTIME[service].dependenciesPath,
    checks: {
      database: () => pingDatabase(dataSource),
      transport: () => checkTransport(transport, runtime.mode),
    },
    onDependencyDown: (details) => logger.warn(`A dependency is down: ${JSON.stringify(details)}`),
    metrics: renderMetrics,
  });
  startProcessMetrics(service);
  // The probes stop first, as the HTTP server did in the hybrid app; then NATS drains.
  const stoppable = { close: () => probes.close().then(() => app.close()) };
  closeGracefullyOnSignals(stoppable, logger, env.SHUTDOWN_TIMEOUT_MS);
  releaseStartupMemory();
  logger.log(`${service} listening on NATS queue "${service}", health and metrics on :${probes.port}`);
  return app;
}
