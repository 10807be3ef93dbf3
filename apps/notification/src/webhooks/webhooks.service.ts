import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { WEBHOOK_EVENT_TYPES, pageFrom } from '@app/contracts';
import type {
  CreateWebhookRequest,
  WebhookCreatedResponse,
  WebhookDeliveriesPage,
  WebhookDeliveriesRequest,
  WebhookDeliveryResponse,
  WebhookRefRequest,
  WebhookReplayRequest,
  WebhookWorkspaceRequest,
  WebhooksResponse,
} from '@app/contracts';
import { InjectConfig } from '@app/config';
import type { AppConfig } from '@app/config';
import { AppError } from '@app/errors';
import type { DomainEvent } from '@app/messaging';
import { notificationConfig } from '../config/notification.env';
import { SecretBox } from '@app/platform';
import { toDeliveryResponse, toWebhookResponse } from './webhook.dto';
import { webhookUrlProblem } from './webhook-url';
import { WebhooksRepository } from './webhooks.repository';

const MAX_WEBHOOKS = 20;

/** A workspace's webhooks: subscriptions, signed deliveries, their history and replays. */
@Injectable()
export class WebhooksService {
  readonly box: SecretBox | null;

  constructor(
    private readonly webhooks: WebhooksRepository,
    @InjectConfig(notificationConfig) private readonly config: AppConfig<typeof notificationConfig>,
  ) {
    this.box = config.WEBHOOK_SECRET_KEY ? new SecretBox(config.WEBHOOK_SECRET_KEY, 'WEBHOOK_SECRET_KEY') : null;
  }

  /** The secret (Standard Webhooks `whsec_` form) is in this answer only; it is kept encrypted. */
  async create(request: CreateWebhookRequest): Promise<WebhookCreatedResponse> {
    if (!this.box) {
      throw new AppError('service_unavailable', 'Webhooks are not set up on this platform (WEBHOOK_SECRET_KEY).');
    }
    const problem = await webhookUrlProblem(request.url, this.config.NODE_ENV === 'production');
    if (problem) throw new AppError('validation_error', problem, { field: 'url' });
    if ((await this.webhooks.list(request.workspace_id)).length >= MAX_WEBHOOKS) {
      throw new AppError('conflict', `A workspace has at most ${MAX_WEBHOOKS} webhooks.`);
    }
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    const row = await this.webhooks.insert({
      workspace_id: request.workspace_id,
      url: request.url,
      events: [...new Set(request.events)],
      description: request.description ?? null,
      secret_encrypted: this.box.seal(secret),
    });
    return { ...toWebhookResponse(row), secret };
  }

  async list(request: WebhookWorkspaceRequest): Promise<WebhooksResponse> {
    return { object: 'list', data: (await this.webhooks.list(request.workspace_id)).map(toWebhookResponse) };
  }

  async delete(request: WebhookRefRequest): Promise<void> {
    if (!(await this.webhooks.delete(request.workspace_id, request.id))) throw notFound();
  }

  async deliveries(request: WebhookDeliveriesRequest): Promise<WebhookDeliveriesPage> {
    if (!(await this.webhooks.find(request.workspace_id, request.id))) throw notFound();
    const rows = await this.webhooks.deliveries(request.id, request.limit, request.offset);
    return pageFrom(rows, request, toDeliveryResponse);
  }

  async replay(request: WebhookReplayRequest): Promise<WebhookDeliveryResponse> {
    if (!(await this.webhooks.find(request.workspace_id, request.id))) throw notFound();
    const row = await this.webhooks.replay(request.id, request.delivery_id, this.giveUpAt());
    if (!row) throw new AppError('not_found', 'There is no such delivery of this webhook.');
    return toDeliveryResponse(row);
  }

  /**
   * In the event's transaction: one delivery per subscribed webhook of the workspace the
   * event concerns. Events without a workspace are never sent to any client.
   */
  async enqueue(event: DomainEvent<unknown>, tx: EntityManager): Promise<void> {
    if (!(WEBHOOK_EVENT_TYPES as readonly string[]).includes(event.subject)) return;
    const workspaceId = (event.payload as { workspace_id?: unknown }).workspace_id;
    if (typeof workspaceId !== 'string') return;
    const body = JSON.stringify({ type: event.subject, timestamp: event.occurred_at, data: event.payload });
    for (const webhook of await this.webhooks.subscribed(tx, workspaceId, event.subject))
      await this.webhooks.enqueue(tx, {
        webhook_id: webhook.id,
        event_id: event.id,
        event_type: event.subject,
        body,
        give_up_at: this.giveUpAt(),
      });
  }

  private giveUpAt(): Date {
    return new Date(Date.now() + this.config.WEBHOOK_RETRY_WINDOW_MS);
  }
}

function notFound(): AppError {
  return new AppError('not_found', 'There is no such webhook in your workspace.');
}
