import type { DomainEvent } from './domain-event';

/** What a consumer tells the stream after one delivery. */
export type DeliveryOutcome = { kind: 'settled' } | { kind: 'retry'; delayMs: number };

export type DeliveryHandler = (event: DomainEvent, attempt: number) => Promise<DeliveryOutcome>;

export interface ConsumerSubscription {
  /** Stops taking deliveries after the one in hand; undelivered events wait for the next start. */
  stop(): Promise<void>;
}

/**
 * Where outboxes publish and durable consumers read. JetStream in distributed mode, an
 * in-process stream in standalone: the relay and the consumer helper are the same code.
 */
export interface EventStream {
  /** Resolves once the event is safe: acknowledged by JetStream, or settled by every in-process consumer. */
  publish(event: DomainEvent): Promise<void>;
  /** Attaches a handler to a durable consumer, creating it on first use; events kept while it was stopped arrive. */
  consume(durableName: string, filterSubject: string, handler: DeliveryHandler): Promise<ConsumerSubscription>;
  /**
   * This process alone sees every event on `subject`, from the latest one kept on: no durable
   * consumer, no acknowledgement, nothing replayed but that latest. For state every replica
   * keeps for itself (the gazetteer version behind the gateway's location ETags).
   */
  follow(subject: string, handler: (event: DomainEvent) => void): Promise<ConsumerSubscription>;
  /** Events kept for a durable consumer and not yet delivered to it (its lag); undefined if it has none. */
  pending(durableName: string, filterSubject: string): Promise<number | undefined>;
}

export const EVENT_STREAM = Symbol('EVENT_STREAM');

/** Redelivery delay when a delivery throws instead of answering (a database outage mid-delivery). */
export const RETRY_AFTER_CRASH_MS = 1000;
