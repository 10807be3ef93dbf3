import { Controller, Headers, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { PaymentWebhookResponse } from '@app/contracts';
import { Public } from '../identity/access/access.decorators';
import { rawBodyOf } from '../http/json-body-parser';
import { BillingService } from './billing.service';
import { ApiRoute } from '../openapi/api-route.decorator';

/**
 * Where the payment provider reports payments. No login: the provider's signature over the
 * raw body is the credential, checked by the billing service with the provider's SDK.
 */
@ApiTags('billing')
@Controller('payments/webhooks')
export class PaymentWebhooksController {
  constructor(private readonly billing: BillingService) {}

  @Post(':provider')
  @HttpCode(200)
  @Public()
  @ApiRoute("The payment provider's webhook (Stripe: `stripe`)", {
    description:
      'Verified by its signature over the raw body (`Stripe-Signature`), acted on once per event id: a paid ' +
      'checkout credits its purchase, a failed or expired one ends it without credit.',
    200: PaymentWebhookResponse,
    400: '`invalid_signature`: the signature does not match the body',
    404: '`not_found`: no such provider configured',
  })
  receive(
    @Param('provider') provider: string,
    @Req() request: FastifyRequest,
    @Headers('stripe-signature') signature?: string,
  ) {
    return this.billing.paymentWebhook(provider, rawBodyOf(request), signature);
  }
}
