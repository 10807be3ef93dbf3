import { Controller } from '@nestjs/common';
import {
  CreateWebhookRequest,
  WebhookDeliveriesRequest,
  WebhookRefRequest,
  WebhookReplayRequest,
  WebhookWorkspaceRequest,
  WebhooksRpc,
} from '@app/contracts';
import type {
  WebhookCreatedResponse,
  WebhookDeliveriesPage,
  WebhookDeliveryResponse,
  WebhooksResponse,
} from '@app/contracts';
import { MessageData, RpcHandler } from '@app/messaging';
import { WebhooksService } from './webhooks.service';

@Controller()
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @RpcHandler(WebhooksRpc.create)
  create(@MessageData() request: CreateWebhookRequest): Promise<WebhookCreatedResponse> {
    return this.webhooks.create(request);
  }

  @RpcHandler(WebhooksRpc.list)
  list(@MessageData() request: WebhookWorkspaceRequest): Promise<WebhooksResponse> {
    return this.webhooks.list(request);
  }

  @RpcHandler(WebhooksRpc.delete)
  async delete(@MessageData() request: WebhookRefRequest): Promise<{ deleted: true }> {
    await this.webhooks.delete(request);
    return { deleted: true };
  }

  @RpcHandler(WebhooksRpc.deliveries)
  deliveries(@MessageData() request: WebhookDeliveriesRequest): Promise<WebhookDeliveriesPage> {
    return this.webhooks.deliveries(request);
  }

  @RpcHandler(WebhooksRpc.replay)
  replay(@MessageData() request: WebhookReplayRequest): Promise<WebhookDeliveryResponse> {
    return this.webhooks.replay(request);
  }
}
