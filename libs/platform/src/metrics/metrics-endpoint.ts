import { Inject, Injectable, Logger } from '@nestjs/common';
import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { serveMetrics, startProcessMetrics } from '@app/observability';
import type { MetricsServer } from '@app/observability';

export const METRICS_ENDPOINT_OPTIONS = Symbol('METRICS_ENDPOINT_OPTIONS');

export interface MetricsEndpointOptions {
  /** The internal port (METRICS_PORT); 0 takes any free port (tests). */
  port: number;
  host: string;
  /** The `app` label of every series: `gateway`, or `standalone` for all apps in one process. */
  app: string;
}

/**
 * `/metrics` of a process whose main port is public (the gateway, standalone): served on an
 * internal port of its own from start-up (before the API listens) to shutdown.
 */
@Injectable()
export class MetricsEndpoint implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MetricsEndpoint.name);
  private server?: MetricsServer;

  constructor(@Inject(METRICS_ENDPOINT_OPTIONS) private readonly options: MetricsEndpointOptions) {}

  /** The port it listens on (the chosen one when METRICS_PORT is 0). */
  get port(): number | undefined {
    return this.server?.port;
  }

  async onApplicationBootstrap(): Promise<void> {
    startProcessMetrics(this.options.app);
    this.server = await serveMetrics(this.options.port, this.options.host);
    this.logger.log(`Metrics on :${this.server.port}/metrics`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.server?.close();
  }
}
