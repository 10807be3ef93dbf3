import { Module } from '@nestjs/common';
import type { ModuleMetadata } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomBytes } from 'node:crypto';
import { AppExceptionFilter, contractValidationPipe } from '@app/errors';
import { DrainingNatsServer, IN_PROCESS_BROKER, InProcessServer, deleteNamespaceStreams } from '@app/messaging';
import type { InProcessBroker, RuntimeOptions } from '@app/messaging';
import { PlatformModule } from '@app/platform';
import { freshDatabase } from './databases';
import type { FreshDatabase } from './databases';
import { e2eMode } from './mode';

export interface ServiceApp {
  app: NestFastifyApplication;
  runtime: RuntimeOptions;
  database: FreshDatabase;
  /** Closes the Nest app only (the database stays, to inspect what shutdown left); close() may follow. */
  closeApp(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A small Nest process built from test modules on the real platform of the current mode:
 * the in-process transport and embedded PostgreSQL, or NATS/JetStream and the machine's
 * PostgreSQL. For testing the messaging machinery itself, below any app.
 */
export async function startServiceApp(
  metadata: ModuleMetadata,
  runtimeOverrides: Partial<RuntimeOptions> = {},
): Promise<ServiceApp> {
  const database = await freshDatabase();
  const suffix = randomBytes(4).toString('hex');
  const runtime: RuntimeOptions = {
    mode: e2eMode,
    app: 'test',
    instanceId: `test-${suffix}`,
    natsUrl: process.env.E2E_NATS_URL ?? 'nats://127.0.0.1:4222',
    rpcTimeoutMs: 1500,
    eventsNamespace: `it${suffix}`,
    eventMaxAttempts: 3,
    eventRetryBaseMs: 20,
    outboxPollMs: 50,
    eventRetention: { outboxDays: 7, processedEventsDays: 15, sweepMs: 3_600_000 },
    ...runtimeOverrides,
  };

  @Module({
    ...metadata,
    imports: [
      PlatformModule.forRoot({
        runtime,
        database: { url: database.url, poolSize: 5, applicationName: 'test' },
        logLevel: 'error',
      }),
      ...(metadata.imports ?? []),
    ],
  })
  class TestProcessModule {}

  const app = await NestFactory.create<NestFastifyApplication>(TestProcessModule, new FastifyAdapter(), {
    logger: ['error'],
  });
  app.useGlobalFilters(new AppExceptionFilter());
  app.useGlobalPipes(contractValidationPipe());
  const strategy =
    runtime.mode === 'standalone'
      ? new InProcessServer(app.get<InProcessBroker>(IN_PROCESS_BROKER))
      : new DrainingNatsServer({ servers: runtime.natsUrl, queue: `test-${suffix}` }, runtime.eventsNamespace);
  app.connectMicroservice({ strategy }, { inheritAppConfig: true });
  await app.startAllMicroservices();
  await app.init();
  let closing: Promise<void> | undefined;
  const closeApp = () => (closing ??= app.close());
  return {
    app,
    runtime,
    database,
    closeApp,
    close: async () => {
      await closeApp();
      if (runtime.mode === 'distributed') await deleteNamespaceStreams(runtime.natsUrl, runtime.eventsNamespace);
      await database.drop();
    },
  };
}
