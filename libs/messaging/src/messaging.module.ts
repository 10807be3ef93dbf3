import { Global, Module } from '@nestjs/common';
import type { DynamicModule, OnApplicationShutdown } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import type { ClientProxy } from '@nestjs/microservices';
import { RUNTIME_OPTIONS } from './runtime';
import { natsConnectionOptions } from './nats-connection';
import type { RuntimeOptions } from './runtime';
import { InProcessBroker, InProcessClient } from './rpc/in-process.transport';
import { NamespacedNatsClient } from './rpc/namespaced-nats.client';
import { RpcClient, TRANSPORT_CLIENT } from './rpc/rpc-client';
import { EVENT_STREAM } from './events/event-stream';
import type { EventStream } from './events/event-stream';
import { InProcessEventStream } from './events/in-process-event-stream';
import { JetStreamEventStream } from './events/jetstream-event-stream';
import { EventConsumersExplorer } from './events/event-consumers.explorer';
import { Outbox } from './events/outbox';
import { ConsumerLagMetrics } from './metrics/consumer-lag';
import { InProcessLiveChannel, LIVE_CHANNEL, NatsLiveChannel } from './live/live-channel';
import type { LiveChannel } from './live/live-channel';

export const IN_PROCESS_BROKER = Symbol('IN_PROCESS_BROKER');

/**
 * The transport of one process: request/response clients and the event stream. The
 * runtime's mode picks NATS or in-process; nothing above this module knows which.
 */
@Global()
@Module({})
export class MessagingModule {
  static forRoot(runtime: RuntimeOptions): DynamicModule {
    const broker = new InProcessBroker();
    return {
      module: MessagingModule,
      imports: [DiscoveryModule],
      providers: [
        { provide: RUNTIME_OPTIONS, useValue: runtime },
        { provide: IN_PROCESS_BROKER, useValue: broker },
        { provide: TRANSPORT_CLIENT, useFactory: () => closingOnShutdown(createClient(runtime, broker)) },
        { provide: EVENT_STREAM, useFactory: () => createEventStream(runtime) },
        { provide: LIVE_CHANNEL, useFactory: () => createLiveChannel(runtime) },
        RpcClient,
        Outbox,
        EventConsumersExplorer,
        ConsumerLagMetrics,
      ],
      exports: [
        RUNTIME_OPTIONS,
        IN_PROCESS_BROKER,
        TRANSPORT_CLIENT,
        EVENT_STREAM,
        LIVE_CHANNEL,
        RpcClient,
        Outbox,
        EventConsumersExplorer,
      ],
    };
  }
}

function createClient(runtime: RuntimeOptions, broker: InProcessBroker): ClientProxy {
  if (runtime.mode === 'standalone') return new InProcessClient(broker);
  const client = new NamespacedNatsClient(
    natsConnectionOptions(runtime, `${runtime.instanceId}-client`),
    runtime.eventsNamespace,
  );
  // ClientNats narrows the status type; callers only use the ClientProxy surface.
  return client as unknown as ClientProxy;
}

function createEventStream(runtime: RuntimeOptions): EventStream & Partial<OnApplicationShutdown> {
  if (runtime.mode === 'standalone') return new InProcessEventStream();
  const stream = new JetStreamEventStream(runtime, runtime.eventsNamespace, `${runtime.instanceId}-events`);
  return Object.assign(stream, { onApplicationShutdown: () => stream.close() });
}

function createLiveChannel(runtime: RuntimeOptions): LiveChannel & OnApplicationShutdown {
  const channel =
    runtime.mode === 'standalone'
      ? new InProcessLiveChannel()
      : new NatsLiveChannel(runtime, runtime.eventsNamespace, `${runtime.instanceId}-live`);
  return Object.assign(channel, { onApplicationShutdown: () => channel.close() });
}

function closingOnShutdown(client: ClientProxy): ClientProxy {
  return Object.assign(client, { onApplicationShutdown: () => client.close() as unknown });
}
