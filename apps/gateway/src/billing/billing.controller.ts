import { Body, Controller, Get, HttpCode, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { IdempotencyKey, IdempotencyKeyHeader } from '../http/idempotency-key';
import { ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import {
  BillingProfileResponse,
  DecisionPackResponse,
  InvoicesPageResponse,
  LeadCreditsPurchaseResponse,
  LedgerPageResponse,
  LowBalanceThresholdBody,
  PageQuery,
  PurchaseDecisionPackBody,
  PurchaseLeadCreditsBody,
  PurchasesPageResponse,
  UpdateBillingProfileBody,
  WorkspaceBalanceResponse,
} from '@app/contracts';
import type { Principal } from '@app/contracts';
import { Authenticated, CurrentPrincipal } from '../identity/access/access.decorators';
import { BillingService } from './billing.service';
import { ApiRoute } from '../openapi/api-route.decorator';

/** Why a purchase answers 503: nothing was charged or credited. */
const NOT_PAID =
  '`payments_not_configured`: no payment provider is configured; `payment_unavailable`: the provider failed. ' +
  'Nothing was charged or credited.';

@ApiTags('billing')
@Controller('workspace')
export class BillingController {
  constructor(private readonly billing: BillingService) {}

  @Get('balance')
  @Authenticated(['user', 'api_key'], 'billing:read')
  @ApiRoute("The workspace's decision balance and lead credits", {
    description: 'Owner, admin or an API key (spec 5.7: only owner and admin see billing).',
    200: WorkspaceBalanceResponse,
  })
  balance(@CurrentPrincipal() principal: Principal) {
    return this.billing.balance(principal);
  }

  @Put('balance/low-balance-threshold')
  @Authenticated(['user', 'api_key'], 'workspace:settings')
  @ApiRoute('Set the low-balance threshold of one asset', {
    description: 'Falling below it emits billing.balance.low.v1, once per crossing. 0: never.',
    200: WorkspaceBalanceResponse,
  })
  setLowBalanceThreshold(@CurrentPrincipal() principal: Principal, @Body() body: LowBalanceThresholdBody) {
    return this.billing.setLowBalanceThreshold(principal, body);
  }

  @Post('decision-packs')
  @Authenticated(['user', 'api_key'], 'billing:manage')
  @ApiRoute('Buy a decision pack (5, 20 or 50)', {
    description:
      'The owner, or an API key (which acts as the owner); an admin gets 403 (spec 5.7). ' +
      "Answers the purchase `pending` with `checkout_url`, the payment provider's hosted page: the decisions are " +
      'credited when the provider confirms the payment (`paid`). The demo provider (`manual`) answers `paid` at once. ' +
      'With an Idempotency-Key, a retry returns the first purchase and charges once.',
    201: DecisionPackResponse,
    422: '`idempotency_key_reused`: the key was used for a different pack',
    503: NOT_PAID,
  })
  @IdempotencyKeyHeader('A retry with the same key returns the first purchase, charged once')
  purchase(
    @CurrentPrincipal() principal: Principal,
    @Body() body: PurchaseDecisionPackBody,
    @IdempotencyKey() idempotencyKey?: string,
  ) {
    return this.billing.purchasePack(principal, body, idempotencyKey);
  }

  @Post('lead-credits')
  @Authenticated(['user', 'api_key'], 'billing:manage')
  @ApiRoute('Buy lead credits', {
    description:
      'One lead credit pays for one lead (a buyer on a listing). Leads that arrived without credit are unlocked, ' +
      'oldest first, as soon as credit arrives. The owner or an API key; an admin gets 403. Paid like a pack: `pending` with `checkout_url` until the provider ' +
      'confirms. With an Idempotency-Key, a retry returns the first purchase.',
    201: LeadCreditsPurchaseResponse,
    422: '`idempotency_key_reused`: the key was used for another quantity',
    503: NOT_PAID,
  })
  @IdempotencyKeyHeader('A retry with the same key returns the first purchase, charged once')
  purchaseLeadCredits(
    @CurrentPrincipal() principal: Principal,
    @Body() body: PurchaseLeadCreditsBody,
    @IdempotencyKey() idempotencyKey?: string,
  ) {
    return this.billing.purchaseLeadCredits(principal, body.quantity, idempotencyKey);
  }

  @Post('decision-packs/:id/refund')
  @HttpCode(200)
  @Authenticated(['user', 'api_key'], 'billing:manage')
  @ApiRoute('Refund the unused part of a pack', {
    description:
      'Within 24 hours of purchase, once. Decisions are consumed oldest credit first. ' +
      'The owner or an API key; an admin gets 403.',
    200: DecisionPackResponse,
    404: '`not_found`: no such pack in your workspace',
    409: '`conflict`: already refunded, or past the 24-hour window',
  })
  refund(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.billing.refundPack(principal, id);
  }

  @Get('purchases')
  @Authenticated(['user', 'api_key'], 'billing:read')
  @ApiRoute('Purchases of packs and lead credits, newest first', {
    description:
      'Each with its state: `pending` until the payment provider confirms, then `paid`, `failed` or `expired`.',
    200: PurchasesPageResponse,
  })
  purchases(@CurrentPrincipal() principal: Principal, @Query() query: PageQuery) {
    return this.billing.purchases(principal, query);
  }

  @Get('invoices')
  @Authenticated(['user', 'api_key'], 'billing:read')
  @ApiRoute('Tax invoices and credit notes, newest first', {
    description:
      'One invoice per paid purchase (a demo purchase marked `demo`), a credit note per refund. Saudi documents ' +
      "carry ZATCA's phase-1 QR payload.",
    200: InvoicesPageResponse,
  })
  invoices(@CurrentPrincipal() principal: Principal, @Query() query: PageQuery) {
    return this.billing.invoices(principal, query);
  }

  @Get('invoices/:id.pdf')
  @Authenticated(['user', 'api_key'], 'billing:read')
  @ApiRoute('An invoice or credit note as a bilingual PDF (Arabic and English)', {
    200: { description: 'The PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
    404: '`not_found`: no such invoice in your workspace',
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiProduces('application/pdf')
  async invoicePdf(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const { filename, pdf } = await this.billing.invoicePdf(principal, id);
    void reply.type('application/pdf').header('content-disposition', `inline; filename="${filename}"`);
    return pdf;
  }

  @Get('billing-profile')
  @Authenticated(['user', 'api_key'], 'billing:read')
  @ApiRoute("The workspace's legal name, VAT number and country, as invoices name the buyer", {
    200: BillingProfileResponse,
  })
  billingProfile(@CurrentPrincipal() principal: Principal) {
    return this.billing.billingProfile(principal);
  }

  @Patch('billing-profile')
  @Authenticated(['user', 'api_key'], 'billing:manage')
  @ApiRoute("Set the workspace's legal name, VAT number or country", {
    description: 'For invoices issued from now on (issued ones never change). Null clears a name or number.',
    200: BillingProfileResponse,
    422: "`validation_error`: a VAT number not in its country's shape",
  })
  setBillingProfile(@CurrentPrincipal() principal: Principal, @Body() body: UpdateBillingProfileBody) {
    return this.billing.setBillingProfile(principal, body);
  }

  @Get('ledger')
  @Authenticated(['user', 'api_key'], 'billing:read')
  @ApiRoute('Ledger entries, newest first', { 200: LedgerPageResponse })
  ledger(@CurrentPrincipal() principal: Principal, @Query() query: PageQuery) {
    return this.billing.ledger(principal, query);
  }
}
