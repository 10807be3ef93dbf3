import { Global, Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import { TypeOrmModule, getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { EVENT_STREAM, EventRetention, OutboxRelay, RUNTIME_OPTIONS } from '@app/messaging';
import type { EventStream, RuntimeOptions } from '@app/messaging';
import { openServiceDatabase, serviceDataSourceOptions } from './service-database';
import type { DatabaseConnectionOptions, ServiceDatabaseDefinition } from './service-database';
import { ServiceDatabaseMetrics } from './metrics/service-database-metrics';

export const DATABASE_CONNECTION = Symbol('DATABASE_CONNECTION');

/** Where the process's databases are: set once by the runner (embedded or DATABASE_URL). */
@Global()
@Module({})
export class DatabaseConnectionModule {
  static forRoot(connection: DatabaseConnectionOptions): DynamicModule {
    return {
      module: DatabaseConnectionModule,
      providers: [{ provide: DATABASE_CONNECTION, useValue: connection }],
      exports: [DATABASE_CONNECTION],
    };
  }
}

/**
 * A service's own DataSource (named after it, in its own schema, migrated at start), the
 * relay that publishes its outbox and the sweep that bounds its event tables. Feature modules use
 * `TypeOrmModule.forFeature([Entity], '<service>')`.
 */
@Module({})
export class DatabaseModule {
  static forService(definition: ServiceDatabaseDefinition): DynamicModule {
    const relayToken = outboxRelayToken(definition.service);
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          name: definition.service,
          inject: [DATABASE_CONNECTION],
          // `name` here too: TypeORM 1 dropped it from DataSourceOptions, but TypeOrmCoreModule still reads
          // it from these options to find the DataSource it destroys at shutdown.
          useFactory: (connection: DatabaseConnectionOptions) => ({
            ...serviceDataSourceOptions(definition, connection),
            name: definition.service,
          }),
          dataSourceFactory: async (options) => {
            if (!options) throw new Error(`No database options for ${definition.service}`);
            return openServiceDatabase(options);
          },
        }),
      ],
      providers: [
        {
          provide: relayToken,
          inject: [getDataSourceToken(definition.service), EVENT_STREAM, RUNTIME_OPTIONS],
          useFactory: (dataSource: DataSource, stream: EventStream, runtime: RuntimeOptions) =>
            new OutboxRelay(
              dataSource,
              stream,
              definition.service,
              runtime.outboxPollMs,
              runtime.mode === 'distributed' ? 'nats' : 'in_process',
            ),
        },
        {
          provide: `EventRetention:${definition.service}`,
          inject: [getDataSourceToken(definition.service), RUNTIME_OPTIONS],
          useFactory: (dataSource: DataSource, runtime: RuntimeOptions) =>
            new EventRetention(dataSource, definition.service, runtime.eventRetention),
        },
        {
          provide: `DatabaseMetrics:${definition.service}`,
          inject: [getDataSourceToken(definition.service)],
          useFactory: (dataSource: DataSource) => new ServiceDatabaseMetrics(dataSource, definition.service),
        },
      ],
      exports: [TypeOrmModule, relayToken],
    };
  }
}

export function outboxRelayToken(service: string): string {
  return `OutboxRelay:${service}`;
}
