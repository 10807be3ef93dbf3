import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { WebhooksRpc, pageOf } from '@app/contracts';
import type {
  CreateWebhookBody,
  PageQuery,
  Principal,
  WebhookCreatedResponse,
  WebhookDeliveriesPage,
  WebhookDeliveryResponse,
  WebhooksResponse,
} from '@app/contracts';
import { AppError } from '@app/errors';
import { RpcClient } from '@app/messaging';
import { workspaceOf } from '../identity/access/principal-workspace';

/** The workspace's webhooks and their deliveries, kept by the notification service. */
@Injectable()
export class WebhooksService {
  constructor(private readonly rpc: RpcClient) {}

  list(principal: Principal): Promise<WebhooksResponse> {
    return this.rpc.call(WebhooksRpc.list, { workspace_id: workspaceOf(principal) });
  }

  create(principal: Principal, body: CreateWebhookBody): Promise<WebhookCreatedResponse> {
    return this.rpc.call(WebhooksRpc.create, { ...body, workspace_id: workspaceOf(principal) });
  }

  async remove(principal: Principal, id: string): Promise<void> {
    await this.rpc.call(WebhooksRpc.delete, { workspace_id: workspaceOf(principal), id: uuid(id) });
  }

  deliveries(principal: Principal, id: string, query: PageQuery): Promise<WebhookDeliveriesPage> {
    return this.rpc.call(WebhooksRpc.deliveries, {
      workspace_id: workspaceOf(principal),
      id: uuid(id),
      ...pageOf(query),
    });
  }

  replay(principal: Principal, id: string, deliveryId: string): Promise<WebhookDeliveryResponse> {
    return this.rpc.call(WebhooksRpc.replay, {
      workspace_id: workspaceOf(principal),
      id: uuid(id),
      delivery_id: uuid(deliveryId),
    });
  }
}

/** A malformed id names nothing in the workspace: 404, as an unknown one. */
function uuid(id: string): string {
  if (!isUUID(id)) throw new AppError('not_found', 'There is no such webhook in your workspace.');
  return id;
}
