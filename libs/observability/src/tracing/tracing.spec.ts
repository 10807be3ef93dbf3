import {
  carrierOfEnvelope,
  currentTraceparent,
  traceEventDelivery,
  traceEventPublish,
  traceLogFields,
  traceRpcCall,
  traceRpcHandling,
  tracingEnabled,
  tracingSettingsFrom,
} from './tracing';

describe('tracingSettingsFrom', () => {
  it('should leave tracing off when OTEL_EXPORTER_OTLP_ENDPOINT is unset or blank', () => {
    expect(tracingSettingsFrom('decision', {})).toBeUndefined();
    expect(tracingSettingsFrom('decision', { OTEL_EXPORTER_OTLP_ENDPOINT: '  ' })).toBeUndefined();
  });

  it.each(['otel-collector:4318', 'grpc://collector:4317', 'http://', 'ftp://collector'])(
    'should leave tracing off when the endpoint is not an http(s) URL (%s)',
    (endpoint) => {
      expect(tracingSettingsFrom('decision', { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint })).toBeUndefined();
    },
  );

  it('should name the service after the app and keep every trace by default', () => {
    expect(tracingSettingsFrom('billing', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toEqual({
      serviceName: 'billing',
      sampleRatio: 1,
      scheduleDelayMs: 5000,
    });
  });

  it('should take the service name, ratio and delay from their variables', () => {
    expect(
      tracingSettingsFrom('billing', {
        OTEL_EXPORTER_OTLP_ENDPOINT: 'https://collector.example.com',
        OTEL_SERVICE_NAME: 'billing-eu',
        OTEL_TRACES_SAMPLER_ARG: '0.25',
        OTEL_BSP_SCHEDULE_DELAY: '200',
      }),
    ).toEqual({ serviceName: 'billing-eu', sampleRatio: 0.25, scheduleDelayMs: 200 });
  });

  it('should fall back to the defaults when the ratio or delay is out of range', () => {
    expect(
      tracingSettingsFrom('leads', {
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_TRACES_SAMPLER_ARG: '1.5',
        OTEL_BSP_SCHEDULE_DELAY: '-3',
      }),
    ).toMatchObject({ sampleRatio: 1, scheduleDelayMs: 5000 });
  });
});

describe('the hooks with tracing off', () => {
  it('should report tracing off and give no trace context', () => {
    expect(tracingEnabled()).toBe(false);
    expect(currentTraceparent()).toBeUndefined();
    expect(traceLogFields()).toEqual({});
  });

  it('should send an RPC without a carrier and return its answer', async () => {
    const send = jest.fn((carrier: unknown) => Promise.resolve({ carrier }));
    await expect(traceRpcCall('rpc.billing.debit.v1', 'nats', send)).resolves.toEqual({ carrier: undefined });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('should run an RPC handler with no span to end', () => {
    expect(traceRpcHandling('rpc.billing.debit.v1', 'nats', { meta: {}, data: {} }, (end) => end)).toBeUndefined();
  });

  it('should publish an event with the traceparent its outbox row kept', async () => {
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    await expect(
      traceEventPublish({ id: 'e1', subject: 'billing.balance.low.v1', traceparent }, 'nats', (tp) =>
        Promise.resolve(tp),
      ),
    ).resolves.toBe(traceparent);
    await expect(
      traceEventPublish({ id: 'e2', subject: 'billing.balance.low.v1', traceparent: null }, 'nats', (tp) =>
        Promise.resolve(tp),
      ),
    ).resolves.toBeUndefined();
  });

  it('should deliver an event and pass its outcome through', async () => {
    await expect(
      traceEventDelivery('notification-x', { id: 'e1', subject: 's' }, 1, () => Promise.resolve({ kind: 'settled' })),
    ).resolves.toEqual({ kind: 'settled' });
  });
});

describe('carrierOfEnvelope', () => {
  it('should read traceparent and tracestate from the envelope meta', () => {
    expect(carrierOfEnvelope({ meta: { requestId: 'r', traceparent: 'tp', tracestate: 'ts' }, data: {} })).toEqual({
      traceparent: 'tp',
      tracestate: 'ts',
    });
    expect(carrierOfEnvelope({ meta: { traceparent: 'tp' } })).toEqual({ traceparent: 'tp' });
  });

  it.each([undefined, null, 'text', {}, { meta: null }, { meta: { traceparent: 42 } }])(
    'should give undefined when the envelope carries no traceparent (%p)',
    (envelope) => {
      expect(carrierOfEnvelope(envelope)).toBeUndefined();
    },
  );
});
