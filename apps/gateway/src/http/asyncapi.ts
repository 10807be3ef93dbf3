import { EVENT_CATALOG, EVENT_PAYLOAD_SCHEMAS } from '@app/contracts';

/** `leads.inquiry.created.v1` → `leadsInquiryCreated`: AsyncAPI component keys are identifiers. */
function keyOf(subject: string): string {
  return subject
    .replace(/\.v\d+$/, '')
    .split(/[.-]/)
    .map((word, i) => (i === 0 ? word : word[0].toUpperCase() + word.slice(1)))
    .join('');
}

/**
 * The AsyncAPI 3 document of every domain event, built from the event catalogue in
 * @app/contracts: served at /asyncapi.json for consumers inside the platform (JetStream
 * subjects) and for webhook receivers (the same payloads under `data`).
 */
export function asyncApiDocument(): Record<string, unknown> {
  const channels: Record<string, unknown> = {};
  const operations: Record<string, unknown> = {};
  const messages: Record<string, unknown> = {};
  for (const event of EVENT_CATALOG) {
    const key = keyOf(event.subject);
    messages[key] = {
      name: event.subject,
      title: event.summary,
      contentType: 'application/json',
      payload: {
        type: 'object',
        description: 'The envelope on the wire; webhooks send {type: subject, timestamp: occurred_at, data: payload}',
        required: ['id', 'subject', 'occurred_at', 'payload'],
        properties: {
          id: { type: 'string', format: 'uuid', description: 'Unique per event: consumers are idempotent on it' },
          subject: { const: event.subject },
          occurred_at: { type: 'string', format: 'date-time' },
          request_id: { type: 'string', description: 'The request that caused it, for tracing' },
          traceparent: { type: 'string', description: 'W3C trace context of the publishing span, when tracing is on' },
          payload: { $ref: `#/components/schemas/${event.payload}` },
        },
      },
    };
    channels[key] = {
      address: event.subject,
      description: `${event.summary}. JetStream stream of the \`${event.subject.split('.')[0]}\` service.`,
      messages: { [key]: { $ref: `#/components/messages/${key}` } },
    };
    operations[`publish${key[0].toUpperCase()}${key.slice(1)}`] = {
      action: 'send',
      summary: event.summary,
      channel: { $ref: `#/channels/${key}` },
      messages: [{ $ref: `#/channels/${key}/messages/${key}` }],
    };
  }
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Property Decision Platform events',
      version: '1',
      description:
        'Domain events, written to each service’s outbox in the transaction of the change and relayed to NATS ' +
        'JetStream (one stream per service). Subjects are `<service>.<entity>.<event>.v1`. API clients receive ' +
        'the same payloads through signed webhooks (POST /v1/workspace/webhooks).',
      license: { name: 'Proprietary' },
    },
    defaultContentType: 'application/json',
    servers: { nats: { host: 'nats:4222', protocol: 'nats', description: 'NATS with JetStream' } },
    channels,
    operations,
    components: { messages, schemas: EVENT_PAYLOAD_SCHEMAS },
  };
}
