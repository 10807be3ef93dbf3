import { SetMetadata } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { DomainEvent } from './domain-event';

export const EVENT_CONSUMER_SERVICE = Symbol('EVENT_CONSUMER_SERVICE');
export const EVENT_HANDLER = Symbol('EVENT_HANDLER');

export interface EventHandlerOptions {
  /** Subject or NATS filter (`leads.inquiry.*.v1`). */
  subject: string;
  /** Stable name of this consumer within its service: renaming it starts a new durable consumer. */
  name: string;
}

/**
 * A handler runs in one transaction with its idempotency record: it either happens
 * once and is recorded, or not at all and is retried.
 */
export type EventHandlerMethod<T = unknown> = (event: DomainEvent<T>, tx: EntityManager) => Promise<void>;

/** Marks a provider whose `@OnEvent` methods consume events into `service`'s schema. */
export const EventConsumer = (service: string): ClassDecorator => SetMetadata(EVENT_CONSUMER_SERVICE, service);

export const OnEvent = (options: EventHandlerOptions): MethodDecorator => SetMetadata(EVENT_HANDLER, options);
