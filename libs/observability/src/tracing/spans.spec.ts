import { SpanKind, SpanStatusCode, context, propagation } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import type { ReadableSpan } from '@opentelemetry/sdk-trace';
import { SpanRuntime } from './spans';
import type { TraceCarrier } from './tracing';

const exporter = new InMemorySpanExporter();
const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
const runtime = new SpanRuntime(provider.getTracer('test'), () => provider.shutdown());
const TRACEPARENT = /^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/;

beforeAll(() => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
});

afterAll(async () => {
  await provider.shutdown();
  context.disable();
  propagation.disable();
});

beforeEach(() => exporter.reset());

const named = (name: string): ReadableSpan => {
  const span = exporter.getFinishedSpans().find((s) => s.name === name);
  if (!span) throw new Error(`no span ${name}`);
  return span;
};

describe('SpanRuntime', () => {
  it('should make the server span a child of the client span through the envelope carrier', async () => {
    let sent: TraceCarrier | undefined;
    const answer = await runtime.rpcClient('rpc.billing.debit.v1', 'nats', (carrier) => {
      sent = carrier;
      return Promise.resolve(
        runtime.rpcServer('rpc.billing.debit.v1', 'nats', carrier, (end) => {
          const inside = runtime.currentTraceparent();
          end();
          return inside;
        }),
      );
    });
    expect(sent?.traceparent).toMatch(TRACEPARENT);
    const client = exporter.getFinishedSpans().find((s) => s.kind === SpanKind.CLIENT) as ReadableSpan;
    const server = exporter.getFinishedSpans().find((s) => s.kind === SpanKind.SERVER) as ReadableSpan;
    expect(server.spanContext().traceId).toBe(client.spanContext().traceId);
    expect(server.parentSpanContext?.spanId).toBe(client.spanContext().spanId);
    // What the handler would store with an outbox row is the server span's own context.
    expect(answer).toBe(`00-${server.spanContext().traceId}-${server.spanContext().spanId}-01`);
    expect(client.attributes).toMatchObject({ 'rpc.system': 'nats', 'rpc.method': 'rpc.billing.debit.v1' });
  });

  it('should mark a fault as an error and a caller error only by its type', async () => {
    await expect(
      runtime.rpcClient('rpc.a', 'nats', () => Promise.reject(Object.assign(new Error('x'), { error: 'not_found' }))),
    ).rejects.toThrow('x');
    await expect(
      runtime.rpcClient('rpc.b', 'nats', () =>
        Promise.reject(Object.assign(new Error('y'), { error: 'service_unavailable' })),
      ),
    ).rejects.toThrow('y');
    expect(named('rpc.a').status.code).toBe(SpanStatusCode.UNSET);
    expect(named('rpc.a').attributes['error.type']).toBe('not_found');
    expect(named('rpc.b').status.code).toBe(SpanStatusCode.ERROR);
  });

  it('should start a new trace for a server span without a carrier', () => {
    runtime.rpcServer('rpc.c', 'in_process', undefined, (end) => end());
    expect(named('rpc.c').parentSpanContext).toBeUndefined();
  });

  it('should chain the stored traceparent, the publish span and the consumer span', async () => {
    const stored = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const event = { id: 'e1', subject: 'billing.balance.low.v1', traceparent: stored };
    const onTheWire = await runtime.eventPublish(event, 'nats', (traceparent) => Promise.resolve(traceparent));
    expect(onTheWire).toMatch(TRACEPARENT);
    expect(onTheWire).not.toBe(stored);
    await runtime.eventProcess('notification-low', { ...event, traceparent: onTheWire }, 2, () => Promise.resolve());

    const publish = named('publish billing.balance.low.v1');
    const process = named('process billing.balance.low.v1');
    expect(publish.kind).toBe(SpanKind.PRODUCER);
    expect(publish.spanContext().traceId).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(publish.parentSpanContext?.spanId).toBe('b7ad6b7169203331');
    expect(process.kind).toBe(SpanKind.CONSUMER);
    expect(process.parentSpanContext?.spanId).toBe(publish.spanContext().spanId);
    expect(process.attributes).toMatchObject({
      'messaging.destination.name': 'billing.balance.low.v1',
      'messaging.message.id': 'e1',
      'messaging.consumer.group.name': 'notification-low',
      'messaging.delivery.attempt': 2,
    });
  });

  it('should give trace and span ids for log lines inside a span only', () => {
    expect(runtime.logFields()).toEqual({});
    const fields = runtime.rpcServer('rpc.d', 'nats', undefined, (end) => {
      const inside = runtime.logFields();
      end();
      return inside;
    });
    expect(fields).toEqual({
      trace_id: named('rpc.d').spanContext().traceId,
      span_id: named('rpc.d').spanContext().spanId,
    });
  });
});
