import type { startSdk } from './sdk';

/**
 * Traces are off unless OTEL_EXPORTER_OTLP_ENDPOINT is set. Off means free: this file
 * holds no OpenTelemetry import, every hook below is one `undefined` check and a direct
 * call, and the SDK (./sdk) is only required by startTracing when the variable is set.
 */

/** The W3C trace context a request or an event carries across a process boundary. */
export interface TraceCarrier {
  traceparent?: string;
  tracestate?: string;
}

/**
 * The gateway's Fastify instance, seen only as something that takes hooks: libraries load
 * no web framework, not even its types (spans.ts describes the parts it uses).
 */
export interface HttpHookHost {
  addHook: unknown;
}

/** Ends a span opened around work whose end is reported later (a reply published). */
export type EndSpan = (error?: unknown) => void;

/** What the SDK side provides once started (./spans). */
export interface TracingRuntime {
  traceHttpServer(server: HttpHookHost): void;
  currentTraceparent(): string | undefined;
  logFields(): Record<string, string>;
  rpcClient<T>(pattern: string, system: string, send: (carrier: TraceCarrier) => Promise<T>): Promise<T>;
  rpcServer<T>(pattern: string, system: string, carrier: TraceCarrier | undefined, run: (end: EndSpan) => T): T;
  eventPublish<T>(
    event: TracedEvent,
    system: string,
    publish: (traceparent: string | undefined) => Promise<T>,
  ): Promise<T>;
  eventProcess<T>(consumer: string, event: TracedEvent, attempt: number, run: () => Promise<T>): Promise<T>;
  shutdown(): Promise<void>;
}

export interface TracedEvent {
  id: string;
  subject: string;
  traceparent?: string | null;
}

export interface TracingSettings {
  /** The `service.name` of the process's spans (OTEL_SERVICE_NAME, else the app name). */
  serviceName: string;
  /** Share of new traces (those without a sampled parent) kept, 0–1 (OTEL_TRACES_SAMPLER_ARG). */
  sampleRatio: number;
  /** How often finished spans are sent (OTEL_BSP_SCHEDULE_DELAY, ms). */
  scheduleDelayMs: number;
}

let runtime: TracingRuntime | undefined;

/**
 * Starts tracing for this process when OTEL_EXPORTER_OTLP_ENDPOINT is set. Call it before
 * anything loads `pg` (the first import of each main.ts) so SQL spans can be recorded.
 * A malformed value leaves tracing off; the configuration check then refuses to start.
 */
export function startTracing(app: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (runtime) return true;
  const settings = tracingSettingsFrom(app, env);
  if (!settings) return false;
  // Required here and only here: with tracing off, no OpenTelemetry module is ever loaded.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const sdk = require('./sdk') as { startSdk: typeof startSdk };
  runtime = sdk.startSdk(settings);
  return true;
}

/** The settings tracing starts with, or undefined when it stays off. */
export function tracingSettingsFrom(app: string, env: NodeJS.ProcessEnv): TracingSettings | undefined {
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (!endpoint || !/^https?:\/\/[^\s/]+/.test(endpoint)) return undefined;
  const ratio = Number(env.OTEL_TRACES_SAMPLER_ARG ?? '1');
  const delay = Number(env.OTEL_BSP_SCHEDULE_DELAY ?? '5000');
  return {
    serviceName: env.OTEL_SERVICE_NAME?.trim() || app,
    sampleRatio: Number.isFinite(ratio) && ratio >= 0 && ratio <= 1 ? ratio : 1,
    scheduleDelayMs: Number.isInteger(delay) && delay > 0 ? delay : 5000,
  };
}

export function tracingEnabled(): boolean {
  return runtime !== undefined;
}

/** Sends the spans still buffered (at shutdown), waiting at most `timeoutMs` for an unreachable collector. */
export async function stopTracing(timeoutMs = 2000): Promise<void> {
  if (!runtime) return;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs).unref()));
  await Promise.race([runtime.shutdown().catch(() => undefined), deadline]);
  clearTimeout(timer);
}

/** The HTTP server span of each request (route template names), honouring an incoming `traceparent`. */
export function traceHttpServer(server: HttpHookHost): void {
  runtime?.traceHttpServer(server);
}

/** The `traceparent` of the active span, to store beside an outbox row. */
export function currentTraceparent(): string | undefined {
  return runtime?.currentTraceparent();
}

/** `trace_id` and `span_id` for log lines, when tracing is on. */
export function traceLogFields(): Record<string, string> {
  return runtime ? runtime.logFields() : {};
}

/** A client span around one request/reply; `send` puts the carrier in the envelope. */
export function traceRpcCall<T>(
  pattern: string,
  system: string,
  send: (carrier: TraceCarrier | undefined) => Promise<T>,
): Promise<T> {
  return runtime ? runtime.rpcClient(pattern, system, send) : send(undefined);
}

/** A server span around one handled request, child of the caller's span; `run` ends it once the reply is out. */
export function traceRpcHandling<T>(
  pattern: string,
  system: string,
  envelope: unknown,
  run: (end: EndSpan | undefined) => T,
): T {
  return runtime ? runtime.rpcServer(pattern, system, carrierOfEnvelope(envelope), run) : run(undefined);
}

/** A producer span around publishing an outbox row, child of the span that wrote it. */
export function traceEventPublish<T>(
  event: TracedEvent,
  system: string,
  publish: (traceparent: string | undefined) => Promise<T>,
): Promise<T> {
  return runtime ? runtime.eventPublish(event, system, publish) : publish(event.traceparent ?? undefined);
}

/** A consumer span around one delivery, child of the producer span. */
export function traceEventDelivery<T>(
  consumer: string,
  event: TracedEvent,
  attempt: number,
  run: () => Promise<T>,
): Promise<T> {
  return runtime ? runtime.eventProcess(consumer, event, attempt, run) : run();
}

/** The carrier in a message envelope's `meta`, if any. */
export function carrierOfEnvelope(envelope: unknown): TraceCarrier | undefined {
  const meta = (envelope as { meta?: { traceparent?: unknown; tracestate?: unknown } } | null | undefined)?.meta;
  if (typeof meta?.traceparent !== 'string') return undefined;
  return typeof meta.tracestate === 'string'
    ? { traceparent: meta.traceparent, tracestate: meta.tracestate }
    : { traceparent: meta.traceparent };
}
