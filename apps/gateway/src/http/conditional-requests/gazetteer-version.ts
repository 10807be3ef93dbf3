import { Inject, Injectable, Logger } from '@nestjs/common';
import type { OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { DECISION_GAZETTEER_LOADED } from '@app/contracts';
import { EVENT_STREAM } from '@app/messaging';
import type { ConsumerSubscription, DomainEvent, EventStream } from '@app/messaging';

const RETRY_MS = 5000;

/**
 * The gazetteer version the decision service serves, as its `decision.gazetteer.loaded.v1`
 * events tell this replica (the latest kept event at start, then each new one): undefined until
 * one arrives. With it, GET /v1/locations answers If-None-Match without asking the service.
 */
@Injectable()
export class GazetteerVersion implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(GazetteerVersion.name);
  private known: number | undefined;
  private subscription?: ConsumerSubscription;
  private retry?: NodeJS.Timeout;
  private stopped = false;

  constructor(@Inject(EVENT_STREAM) private readonly stream: EventStream) {}

  get current(): number | undefined {
    return this.known;
  }

  onApplicationBootstrap(): void {
    void this.follow();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    await this.subscription?.stop().catch(() => undefined);
  }

  /** Not needed to start: until it follows, location searches are simply asked of the service. */
  private async follow(): Promise<void> {
    try {
      this.subscription = await this.stream.follow(DECISION_GAZETTEER_LOADED, (event) => this.learn(event));
    } catch (err) {
      this.logger.warn({ err }, 'Cannot follow the gazetteer version yet; retrying');
      if (!this.stopped) this.retry = setTimeout(() => void this.follow(), RETRY_MS).unref();
    }
  }

  private learn(event: DomainEvent): void {
    const version = (event.payload as { version?: unknown }).version;
    if (typeof version === 'number' && Number.isSafeInteger(version) && version >= 0) this.known = version;
  }
}
