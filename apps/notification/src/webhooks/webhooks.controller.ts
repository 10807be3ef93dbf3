import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  CreateWebhookRequest,
  NOTIFICATION_WEBHOOK_DELIVERIES_PATTERN,
  NOTIFICATION_WEBHOOK_REPLAY_PATTERN,
  NOTIFICATION_WEBHOOKS_CREATE_PATTERN,
  NOTIFICATION_WEBHOOKS_DELETE_PATTERN,
  NOTIFICATION_WEBHOOKS_LIST_PATTERN,
  WebhookDeliveriesRequest,
  WebhookRefRequest,
  WebhookReplayRequest,
  WebhookWorkspaceRequest,
} from '@app/contracts';
import type {
  WebhookCreatedResponse,
  WebhookDeliveriesPage,
  WebhookDeliveryResponse,
  WebhooksResponse,
} from '@app/contracts';
import { MessageData } from '@app/messaging';
import { WebhooksService } from './webhooks.service';

@Controller()
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @MessagePattern(NOTIFICATION_WEBHOOKS_CREATE_PATTERN)
  create(@MessageData() request: CreateWebhookRequest): Promise<WebhookCreatedResponse> {
    return this.webhooks.create(request);
  }

  @MessagePattern(NOTIFICATION_WEBHOOKS_LIST_PATTERN)
  list(@MessageData() request: WebhookWorkspaceRequest): Promise<WebhooksResponse> {
    return this.webhooks.list(request);
  }

  @MessagePattern(NOTIFICATION_WEBHOOKS_DELETE_PATTERN)
  async delete(@MessageData() request: WebhookRefRequest): Promise<{ deleted: true }> {
    await this.webhooks.delete(request);
    return { deleted: true };
  }

  @MessagePattern(NOTIFICATION_WEBHOOK_DELIVERIES_PATTERN)
  deliveries(@MessageData() request: WebhookDeliveriesRequest): Promise<WebhookDeliveriesPage> {
    return this.webhooks.deliveries(request);
  }

  @MessagePattern(NOTIFICATION_WEBHOOK_REPLAY_PATTERN)
  replay(@MessageData() request: WebhookReplayRequest): Promise<WebhookDeliveryResponse> {
    return this.webhooks.replay(request);
  }
}
