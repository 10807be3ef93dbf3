import type { WebhookDeliveryResponse, WebhookResponse } from '@app/contracts';
import type { WebhookDeliveryRow, WebhookRow } from './webhooks.repository';

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

export function toWebhookResponse(row: WebhookRow): WebhookResponse {
  return {
    object: 'webhook',
    id: row.id,
    url: row.url,
    events: row.events,
    description: row.description,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export function toDeliveryResponse(row: WebhookDeliveryRow): WebhookDeliveryResponse {
  return {
    object: 'webhook_delivery',
    id: row.id,
    event_id: row.event_id,
    event_type: row.event_type,
    status: row.status,
    attempts: row.attempts,
    last_status_code: row.last_status_code,
    last_error: row.last_error,
    next_attempt_at: row.status === 'pending' ? iso(row.next_attempt_at) : null,
    created_at: new Date(row.created_at).toISOString(),
    delivered_at: iso(row.delivered_at),
  };
}
