import { Inject, Injectable } from '@nestjs/common';
import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { EVENT_STREAM } from '../events/event-stream';
import type { EventStream } from '../events/event-stream';
import { EventConsumersExplorer } from '../events/event-consumers.explorer';
import { registerConsumerLag } from './event-metrics';

/** Reports the lag of the process's durable consumers at each scrape (one consumer-info call each). */
@Injectable()
export class ConsumerLagMetrics implements OnApplicationBootstrap, OnApplicationShutdown {
  private unregister?: () => void;

  constructor(
    private readonly explorer: EventConsumersExplorer,
    @Inject(EVENT_STREAM) private readonly stream: EventStream,
  ) {}

  onApplicationBootstrap(): void {
    this.unregister = registerConsumerLag(async () => {
      const readings = await Promise.all(
        this.explorer.subjects().map(async ([durableName, subject]) => {
          const pending = await this.stream.pending(durableName, subject).catch(() => undefined);
          return pending === undefined ? [] : [[durableName, pending] as [string, number]];
        }),
      );
      return readings.flat();
    });
  }

  onApplicationShutdown(): void {
    this.unregister?.();
  }
}
