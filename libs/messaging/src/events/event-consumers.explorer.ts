import { Inject, Injectable, Logger } from '@nestjs/common';
import type { BeforeApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, ModuleRef, Reflector } from '@nestjs/core';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { traceEventDelivery } from '@app/observability';
import { RUNTIME_OPTIONS } from '../runtime';
import type { RuntimeOptions } from '../runtime';
import { EVENT_CONSUMER_SERVICE, EVENT_HANDLER } from './event-consumer.decorator';
import type { EventHandlerMethod, EventHandlerOptions } from './event-consumer.decorator';
import { deliverEvent } from './event-delivery';
import { EVENT_STREAM } from './event-stream';
import type { ConsumerSubscription, DeliveryHandler, EventStream } from './event-stream';
import { measuredDelivery } from '../metrics/event-metrics';

interface RegisteredConsumer {
  durableName: string;
  subject: string;
  deliver: DeliveryHandler;
  subscription?: ConsumerSubscription;
}

/**
 * Finds every `@OnEvent` method of the process's `@EventConsumer` providers and attaches
 * it to a durable consumer named `<service>-<name>`. In standalone this covers every app;
 * in distributed, each process only holds its own.
 */
@Injectable()
export class EventConsumersExplorer implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger(EventConsumersExplorer.name);
  private readonly consumers = new Map<string, RegisteredConsumer>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    private readonly moduleRef: ModuleRef,
    @Inject(EVENT_STREAM) private readonly stream: EventStream,
    @Inject(RUNTIME_OPTIONS) private readonly runtime: RuntimeOptions,
  ) {}

  async onModuleInit(): Promise<void> {
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || !wrapper.metatype) continue;
      const service = this.reflector.get<string | undefined>(EVENT_CONSUMER_SERVICE, wrapper.metatype);
      if (!service) continue;
      for (const method of this.scanner.getAllMethodNames(Object.getPrototypeOf(instance) as object)) {
        const handler = instance[method] as EventHandlerMethod;
        const options = this.reflector.get<EventHandlerOptions | undefined>(EVENT_HANDLER, handler);
        if (options) await this.attach(service, options, handler.bind(instance));
      }
    }
  }

  /**
   * Stops every consumer after the message in hand (SIGTERM drains). Before the shutdown hooks,
   * because the service databases close in theirs: a delivery still waiting for a pool
   * connection then would never get one.
   */
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all([...this.consumers.keys()].map((name) => this.stop(name)));
  }

  /** Stops one consumer; its events wait in the stream (operators pausing a consumer, tests). */
  async stop(durableName: string): Promise<void> {
    const consumer = this.consumers.get(durableName);
    const subscription = consumer?.subscription;
    if (!consumer || !subscription) return;
    consumer.subscription = undefined;
    await subscription.stop();
  }

  async start(durableName: string): Promise<void> {
    const consumer = this.consumers.get(durableName);
    if (!consumer || consumer.subscription) return;
    consumer.subscription = await this.stream.consume(consumer.durableName, consumer.subject, consumer.deliver);
  }

  durableNames(): string[] {
    return [...this.consumers.keys()];
  }

  /** Each durable consumer with the subject it filters on (for lag metrics). */
  subjects(): [durableName: string, subject: string][] {
    return [...this.consumers.values()].map((consumer) => [consumer.durableName, consumer.subject]);
  }

  private async attach(service: string, options: EventHandlerOptions, handler: EventHandlerMethod): Promise<void> {
    const dataSource = this.moduleRef.get<DataSource>(getDataSourceToken(service), { strict: false });
    const durableName = `${service}-${options.name}`;
    const policy = { maxAttempts: this.runtime.eventMaxAttempts, retryBaseMs: this.runtime.eventRetryBaseMs };
    const deliver: DeliveryHandler = measuredDelivery(durableName, (event, attempt) =>
      traceEventDelivery(durableName, event, attempt, () =>
        deliverEvent(dataSource, durableName, handler, event, attempt, policy),
      ),
    );
    this.consumers.set(durableName, { durableName, subject: options.subject, deliver });
    await this.start(durableName);
    this.logger.log(`Consuming ${options.subject} as ${durableName}`);
  }
}
