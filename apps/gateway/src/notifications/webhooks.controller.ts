import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  CreateWebhookBody,
  PageQuery,
  WebhookCreatedResponse,
  WebhookDeliveriesPage,
  WebhookDeliveryResponse,
  WebhooksResponse,
} from '@app/contracts';
import type { Principal } from '@app/contracts';
import { Authenticated, CurrentPrincipal } from '../identity/access/access.decorators';
import { Idempotent } from '../idempotency/idempotent.decorator';
import { WebhooksService } from './webhooks.service';
import { ApiRoute } from '../openapi/api-route.decorator';

const NOT_YOURS = '`not_found`: no such webhook (or delivery) in your workspace';

@ApiTags('webhooks')
@Authenticated(['user', 'api_key'], 'webhooks:manage')
@Controller('workspace/webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get()
  @ApiRoute("The workspace's webhooks (never their secrets)", { 200: WebhooksResponse })
  list(@CurrentPrincipal() principal: Principal) {
    return this.webhooks.list(principal);
  }

  @Post()
  @Idempotent()
  @ApiRoute('Subscribe a URL to events', {
    description:
      'Each event of your workspace is POSTed as `{type, timestamp, data}` with the Standard Webhooks headers ' +
      '`webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,` + base64 HMAC-SHA256 of ' +
      '`id.timestamp.body` with the secret). Any 2xx acknowledges; otherwise it is retried with backoff for 24 hours.',
    201: WebhookCreatedResponse,
    409: '`conflict`: the workspace already has 20 webhooks',
    422: '`validation_error` with `field` (a URL that is not https and public)',
    503: '`service_unavailable`: webhooks are not set up on this platform',
  })
  create(@CurrentPrincipal() principal: Principal, @Body() body: CreateWebhookBody) {
    return this.webhooks.create(principal, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiRoute('Remove a webhook (its pending deliveries go with it)', { 204: 'Removed', 404: NOT_YOURS })
  remove(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.webhooks.remove(principal, id);
  }

  @Get(':id/deliveries')
  @ApiRoute('Deliveries of a webhook, newest first, with their last status', {
    200: WebhookDeliveriesPage,
    404: NOT_YOURS,
  })
  deliveries(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Query() query: PageQuery) {
    return this.webhooks.deliveries(principal, id, query);
  }

  @Post(':id/deliveries/:delivery_id/replay')
  @HttpCode(202)
  @ApiRoute('Send a delivery again (same `webhook-id`, fresh timestamp and signature)', {
    202: { type: WebhookDeliveryResponse, description: 'Queued again' },
    404: NOT_YOURS,
  })
  replay(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Param('delivery_id') deliveryId: string) {
    return this.webhooks.replay(principal, id, deliveryId);
  }
}
