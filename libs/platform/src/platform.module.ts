import { Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import { RootConfigModule } from '@app/config';
import { DatabaseConnectionModule } from '@app/database';
import type { DatabaseConnectionOptions } from '@app/database';
import { MessagingModule } from '@app/messaging';
import type { RuntimeOptions } from '@app/messaging';
import { loggingModule } from '@app/observability';
import { METRICS_ENDPOINT_OPTIONS, MetricsEndpoint } from './metrics/metrics-endpoint';

export interface PlatformOptions {
  runtime: RuntimeOptions;
  database: DatabaseConnectionOptions;
  logLevel: string;
  /** The gateway and standalone: serve `/metrics` on this internal port. Services serve it on their health port. */
  metricsPort?: number;
}

/** Everything a process provides to the apps it runs: config, logs, transport, database location. */
@Module({})
export class PlatformModule {
  static forRoot(options: PlatformOptions): DynamicModule {
    return {
      module: PlatformModule,
      imports: [
        RootConfigModule,
        loggingModule({ level: options.logLevel, app: options.runtime.app }),
        MessagingModule.forRoot(options.runtime),
        DatabaseConnectionModule.forRoot(options.database),
      ],
      providers:
        options.metricsPort === undefined
          ? []
          : [
              {
                provide: METRICS_ENDPOINT_OPTIONS,
                useValue: { port: options.metricsPort, host: '0.0.0.0', app: options.runtime.app },
              },
              MetricsEndpoint,
            ],
      exports: options.metricsPort === undefined ? [] : [MetricsEndpoint],
    };
  }
}
