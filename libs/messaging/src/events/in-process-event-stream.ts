import type { DomainEvent } from './domain-event';
import { subjectMatches } from './domain-event';
import { RETRY_AFTER_CRASH_MS } from './event-stream';
import type { ConsumerSubscription, DeliveryHandler, DeliveryOutcome, EventStream } from './event-stream';

interface Delivery {
  event: DomainEvent;
  attempt: number;
  settle: () => void;
}

/**
 * A durable consumer in memory: deliveries queue while it is stopped and flow again
 * when a handler attaches. The outbox row stays unpublished until every consumer has
 * settled the event, so a crash loses nothing: the relay sends it again at start.
 */
class InProcessConsumer {
  private readonly queue: Delivery[] = [];
  /** Deliveries waiting out a retry delay. */
  private readonly waiting = new Map<NodeJS.Timeout, Delivery>();
  private handler?: DeliveryHandler;
  private draining?: Promise<void>;

  constructor(public filterSubject: string) {}

  /** Queued and waiting out a retry: not yet handled. */
  get pending(): number {
    return this.queue.length + this.waiting.size;
  }

  enqueue(event: DomainEvent): Promise<void> {
    return new Promise((settle) => {
      this.queue.push({ event: structuredClone(event), attempt: 1, settle });
      this.pump();
    });
  }

  attach(filterSubject: string, handler: DeliveryHandler): void {
    this.filterSubject = filterSubject;
    this.handler = handler;
    this.pump();
  }

  /** Detaches `handler` if it is still the attached one: a stale subscription cannot stop its successor. */
  async detach(handler: DeliveryHandler): Promise<void> {
    if (this.handler !== handler) return;
    this.handler = undefined;
    // A retry not yet due goes back in line for whoever attaches next.
    for (const [timer, delivery] of this.waiting) {
      clearTimeout(timer);
      this.queue.push(delivery);
    }
    this.waiting.clear();
    await this.draining;
  }

  private pump(): void {
    if (this.draining || !this.handler) return;
    this.draining = this.drain().finally(() => {
      this.draining = undefined;
    });
  }

  private async drain(): Promise<void> {
    while (this.handler && this.queue.length > 0) {
      const delivery = this.queue.shift() as Delivery;
      const outcome = await this.handler(delivery.event, delivery.attempt).catch(
        // A handler that throws (rather than answering retry) is retried like one that asked to be.
        (): DeliveryOutcome => ({ kind: 'retry', delayMs: RETRY_AFTER_CRASH_MS }),
      );
      if (outcome.kind === 'settled') {
        delivery.settle();
        continue;
      }
      delivery.attempt += 1;
      const timer = setTimeout(() => {
        this.waiting.delete(timer);
        this.queue.push(delivery);
        this.pump();
      }, outcome.delayMs);
      this.waiting.set(timer, delivery);
    }
  }
}

type Follower = (event: DomainEvent) => void;

export class InProcessEventStream implements EventStream {
  private readonly consumers = new Map<string, InProcessConsumer>();
  /** The latest event per subject, for followers that attach later (JetStream's last-per-subject). */
  private readonly latest = new Map<string, DomainEvent>();
  private readonly followers = new Map<Follower, string>();

  async publish(event: DomainEvent): Promise<void> {
    this.latest.set(event.subject, structuredClone(event));
    for (const [follower, subject] of this.followers) if (subjectMatches(subject, event.subject)) tell(follower, event);
    const matching = [...this.consumers.values()].filter((c) => subjectMatches(c.filterSubject, event.subject));
    await Promise.all(matching.map((consumer) => consumer.enqueue(event)));
  }

  consume(durableName: string, filterSubject: string, handler: DeliveryHandler): Promise<ConsumerSubscription> {
    let consumer = this.consumers.get(durableName);
    if (!consumer) {
      consumer = new InProcessConsumer(filterSubject);
      this.consumers.set(durableName, consumer);
    }
    consumer.attach(filterSubject, handler);
    const attached = consumer;
    return Promise.resolve({ stop: () => attached.detach(handler) });
  }

  follow(subject: string, handler: Follower): Promise<ConsumerSubscription> {
    this.followers.set(handler, subject);
    for (const event of this.latest.values()) if (subjectMatches(subject, event.subject)) tell(handler, event);
    return Promise.resolve({
      stop: () => {
        this.followers.delete(handler);
        return Promise.resolve();
      },
    });
  }

  pending(durableName: string): Promise<number | undefined> {
    return Promise.resolve(this.consumers.get(durableName)?.pending);
  }
}

/** A follower gets its own copy; one that throws does not stop the publish. */
function tell(follower: Follower, event: DomainEvent): void {
  try {
    follower(structuredClone(event));
  } catch {
    // a follower keeps state of its own: its failure is its own
  }
}
