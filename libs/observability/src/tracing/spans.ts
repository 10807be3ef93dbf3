import { ROOT_CONTEXT, SpanKind, SpanStatusCode, context, propagation, trace } from '@opentelemetry/api';
import type { Context, Span, Tracer } from '@opentelemetry/api';
import type { EndSpan, HttpHookHost, TraceCarrier, TracedEvent, TracingRuntime } from './tracing';

const HTTP_SPAN = Symbol('httpSpan');

/** The parts of a Fastify request the HTTP span reads. */
interface TracedRequest {
  method: string;
  url: string;
  protocol: string;
  id: string;
  headers: Record<string, string | string[] | undefined>;
  routeOptions?: { url?: string };
  [HTTP_SPAN]?: { span: Span; context: Context };
}

/** The Fastify hooks the HTTP span uses. */
interface HookedServer {
  addHook(
    name: 'onRequest' | 'preHandler',
    hook: (request: TracedRequest, reply: unknown, done: () => void) => void,
  ): void;
  addHook(
    name: 'onResponse',
    hook: (request: TracedRequest, reply: { statusCode: number }, done: () => void) => void,
  ): void;
  addHook(name: 'onRequestAbort', hook: (request: TracedRequest, done: () => void) => void): void;
}

/** Errors that are the caller's (a 404, a refused payment) are not faults of the span's service. */
function isFault(error: unknown): boolean {
  const code = (error as { error?: unknown } | null | undefined)?.error;
  return typeof code !== 'string' || code === 'internal_error' || code === 'service_unavailable';
}

function errorCode(error: unknown): string {
  const code = (error as { error?: unknown } | null | undefined)?.error;
  if (typeof code === 'string') return code;
  return error instanceof Error ? error.name : 'error';
}

function finish(span: Span, error?: unknown): void {
  if (error !== undefined) {
    span.setAttribute('error.type', errorCode(error));
    if (isFault(error)) span.setStatus({ code: SpanStatusCode.ERROR, message: errorCode(error) });
  }
  span.end();
}

/** The spans of the platform's own seams: HTTP in, RPC out and in, events out and in. */
export class SpanRuntime implements TracingRuntime {
  constructor(
    private readonly tracer: Tracer,
    readonly shutdown: () => Promise<void>,
  ) {}

  traceHttpServer(server: HttpHookHost): void {
    const fastify = server as HookedServer;
    fastify.addHook('onRequest', (request, _reply, done) => {
      // Probes are not requests anyone follows (the logs skip them too).
      if (request.url.includes('/health/')) return done();
      const parent = propagation.extract(ROOT_CONTEXT, request.headers);
      const span = this.tracer.startSpan(
        request.method,
        {
          kind: SpanKind.SERVER,
          attributes: {
            'http.request.method': request.method,
            'url.path': request.url.split('?')[0],
            'url.scheme': request.protocol,
            'http.request.id': request.id,
          },
        },
        parent,
      );
      request[HTTP_SPAN] = { span, context: trace.setSpan(parent, span) };
      done();
    });
    // Guards, pipes, the controller and the messages it sends run inside the request's span.
    fastify.addHook('preHandler', (request, _reply, done) => {
      const traced = request[HTTP_SPAN];
      if (!traced) return done();
      context.with(traced.context, done);
    });
    const end = (request: TracedRequest, status: number | undefined) => {
      const traced = request[HTTP_SPAN];
      if (!traced) return;
      request[HTTP_SPAN] = undefined;
      const route = request.routeOptions?.url;
      if (route) {
        traced.span.updateName(`${request.method} ${route}`);
        traced.span.setAttribute('http.route', route);
      }
      if (status !== undefined) {
        traced.span.setAttribute('http.response.status_code', status);
        if (status >= 500) traced.span.setStatus({ code: SpanStatusCode.ERROR });
      } else traced.span.setAttribute('error.type', 'aborted');
      traced.span.end();
    };
    fastify.addHook('onResponse', (request, reply, done) => {
      end(request, reply.statusCode);
      done();
    });
    fastify.addHook('onRequestAbort', (request, done) => {
      end(request, undefined);
      done();
    });
  }

  currentTraceparent(): string | undefined {
    const carrier: TraceCarrier = {};
    propagation.inject(context.active(), carrier);
    return carrier.traceparent;
  }

  logFields(): Record<string, string> {
    const spanContext = trace.getActiveSpan()?.spanContext();
    return spanContext ? { trace_id: spanContext.traceId, span_id: spanContext.spanId } : {};
  }

  async rpcClient<T>(pattern: string, system: string, send: (carrier: TraceCarrier) => Promise<T>): Promise<T> {
    const span = this.tracer.startSpan(pattern, {
      kind: SpanKind.CLIENT,
      attributes: { 'rpc.system': system, 'rpc.method': pattern },
    });
    const active = trace.setSpan(context.active(), span);
    const carrier: TraceCarrier = {};
    propagation.inject(active, carrier);
    try {
      const result = await context.with(active, () => send(carrier));
      span.end();
      return result;
    } catch (err) {
      finish(span, err);
      throw err;
    }
  }

  rpcServer<T>(pattern: string, system: string, carrier: TraceCarrier | undefined, run: (end: EndSpan) => T): T {
    const parent = carrier ? propagation.extract(ROOT_CONTEXT, carrier) : ROOT_CONTEXT;
    const span = this.tracer.startSpan(
      pattern,
      { kind: SpanKind.SERVER, attributes: { 'rpc.system': system, 'rpc.method': pattern } },
      parent,
    );
    let ended = false;
    const end: EndSpan = (error) => {
      if (ended) return;
      ended = true;
      finish(span, error);
    };
    return context.with(trace.setSpan(parent, span), () => run(end));
  }

  async eventPublish<T>(
    event: TracedEvent,
    system: string,
    publish: (traceparent: string | undefined) => Promise<T>,
  ): Promise<T> {
    // The relay publishes from a timer: the row's stored traceparent is the parent.
    const parent = event.traceparent
      ? propagation.extract(ROOT_CONTEXT, { traceparent: event.traceparent })
      : ROOT_CONTEXT;
    const span = this.tracer.startSpan(
      `publish ${event.subject}`,
      {
        kind: SpanKind.PRODUCER,
        attributes: messagingAttributes(system, 'publish', event),
      },
      parent,
    );
    const active = trace.setSpan(parent, span);
    const carrier: TraceCarrier = {};
    propagation.inject(active, carrier);
    try {
      const result = await context.with(active, () => publish(carrier.traceparent ?? event.traceparent ?? undefined));
      span.end();
      return result;
    } catch (err) {
      finish(span, err);
      throw err;
    }
  }

  async eventProcess<T>(consumer: string, event: TracedEvent, attempt: number, run: () => Promise<T>): Promise<T> {
    const parent = event.traceparent
      ? propagation.extract(ROOT_CONTEXT, { traceparent: event.traceparent })
      : ROOT_CONTEXT;
    const span = this.tracer.startSpan(
      `process ${event.subject}`,
      {
        kind: SpanKind.CONSUMER,
        attributes: {
          ...messagingAttributes('', 'process', event),
          'messaging.consumer.group.name': consumer,
          'messaging.delivery.attempt': attempt,
        },
      },
      parent,
    );
    try {
      const result = await context.with(trace.setSpan(parent, span), run);
      span.end();
      return result;
    } catch (err) {
      finish(span, err);
      throw err;
    }
  }
}

function messagingAttributes(system: string, operation: string, event: TracedEvent): Record<string, string> {
  return {
    ...(system ? { 'messaging.system': system } : {}),
    'messaging.operation.type': operation,
    'messaging.destination.name': event.subject,
    'messaging.message.id': event.id,
  };
}
