import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { SpanRuntime } from './spans';
import type { TracingRuntime, TracingSettings } from './tracing';

/**
 * Loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set (tracing.ts). Spans go over
 * OTLP/HTTP as JSON to `<endpoint>/v1/traces` (the exporter reads the standard OTEL_EXPORTER_OTLP_*
 * variables, headers included); W3C trace context; SQL spans from the `pg` instrumentation,
 * only inside a traced request or event so the relay's polling and health pings stay quiet.
 */
export function startSdk(settings: TracingSettings): TracingRuntime {
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: settings.serviceName }),
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(settings.sampleRatio) }),
    spanProcessors: [
      new BatchSpanProcessor({ exporter: new OTLPTraceExporter(), scheduledDelayMillis: settings.scheduleDelayMs }),
    ],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  registerInstrumentations({
    tracerProvider: provider,
    // No statement parameters in spans: they can hold personal data and secrets.
    instrumentations: [new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false })],
  });
  return new SpanRuntime(provider.getTracer('property-platform'), () => provider.shutdown());
}
