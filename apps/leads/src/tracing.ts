import { startTracing } from '@app/observability';

// The first import of main.ts: the tracing SDK must hook `pg` before anything loads it.
// Without OTEL_EXPORTER_OTLP_ENDPOINT this does nothing and loads nothing (docs/tracing.md).
startTracing('leads');
