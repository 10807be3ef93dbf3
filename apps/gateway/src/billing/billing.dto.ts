import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsInt, Max, Min } from 'class-validator';
import {
  BILLING_ASSETS,
  DECISION_PACK_SIZES,
  LEAD_CREDITS_PURCHASE_MAX,
  LEDGER_REASONS,
  PURCHASE_PRODUCTS,
  PURCHASE_STATES,
} from '@app/contracts';
import { PageQueryDto } from '../http/page-query.dto';
import type {
  BalanceResponse,
  BillingAsset,
  DecisionPackSize,
  LeadCreditsPurchaseResponse,
  PurchaseProduct,
  PurchaseResponse,
  PurchaseState,
} from '@app/contracts';
import { PageDto } from '../http/page.dto';

const PURCHASE_STATE_DOC =
  '`pending`: pay at `checkout_url`, credited once the provider confirms; `paid`: credited; ' +
  '`failed`, `expired`: ended without credit';
const CHECKOUT_URL_DOC =
  "The payment provider's hosted payment page while `pending` (card data never reaches us); else null";

export class PurchaseDecisionPackDto {
  @ApiProperty({ enum: DECISION_PACK_SIZES })
  @IsIn(DECISION_PACK_SIZES)
  size: DecisionPackSize;
}

/** `GET /v1/workspace/ledger` paging. */
export class LedgerQueryDto extends PageQueryDto {}

export class LowBalanceThresholdDto {
  @ApiProperty({ enum: BILLING_ASSETS })
  @IsIn(BILLING_ASSETS)
  asset: BillingAsset;

  @ApiProperty({ minimum: 0, description: '0: never warn' })
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  threshold: number;
}

export class LowBalanceThresholdsDto {
  @ApiProperty()
  decisions: number;

  @ApiProperty()
  lead_credits: number;
}

export class BalanceDto {
  @ApiProperty({ enum: ['balance'] })
  object: 'balance';

  @ApiProperty()
  decisions: number;

  @ApiProperty()
  lead_credits: number;

  @ApiProperty({
    type: LowBalanceThresholdsDto,
    description: 'Crossing below a threshold emits billing.balance.low.v1 once per crossing',
  })
  low_balance_threshold: LowBalanceThresholdsDto;
}

export class DecisionPackDto {
  @ApiProperty({ enum: ['decision_pack'] })
  object: 'decision_pack';

  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ enum: DECISION_PACK_SIZES })
  size: DecisionPackSize;

  @ApiProperty({ enum: PURCHASE_STATES, description: PURCHASE_STATE_DOC })
  state: PurchaseState;

  @ApiProperty({ type: String, format: 'uri', nullable: true, description: CHECKOUT_URL_DOC })
  checkout_url: string | null;

  @ApiProperty({ format: 'date-time', description: 'When it was paid (pending: when it was started)' })
  purchased_at: string;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'purchased_at + 24 hours; null until paid',
  })
  refundable_until: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  refunded_at: string | null;

  @ApiProperty({ type: 'integer', nullable: true, description: 'Decisions taken back by the refund (the unused part)' })
  refunded_decisions: number | null;

  @ApiProperty({ description: 'Decision balance after this purchase or refund' })
  balance: number;
}

export class LedgerEntryDto {
  @ApiProperty({ enum: ['ledger_entry'] })
  object: 'ledger_entry';

  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ enum: BILLING_ASSETS })
  asset: BillingAsset;

  @ApiProperty({ description: 'Signed: credits positive, debits negative' })
  amount: number;

  @ApiProperty({ enum: LEDGER_REASONS })
  reason: string;

  @ApiProperty({ type: String, nullable: true })
  reference: string | null;

  @ApiProperty()
  balance_after: number;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class LedgerPageDto extends PageDto(LedgerEntryDto) {}

export function toBalanceDto(balance: BalanceResponse): BalanceDto {
  return {
    object: 'balance',
    decisions: balance.decisions,
    lead_credits: balance.lead_credits,
    low_balance_threshold: balance.low_balance_threshold,
  };
}

export class PurchaseLeadCreditsDto {
  @ApiProperty({ minimum: 1, maximum: LEAD_CREDITS_PURCHASE_MAX })
  @IsInt()
  @Min(1)
  @Max(LEAD_CREDITS_PURCHASE_MAX)
  quantity: number;
}

export class LeadCreditsPurchaseDto implements LeadCreditsPurchaseResponse {
  @ApiProperty({ enum: ['lead_credit_purchase'] })
  object: 'lead_credit_purchase';

  @ApiProperty({ format: 'uuid', description: 'The purchase' })
  id: string;

  @ApiProperty()
  quantity: number;

  @ApiProperty({ enum: PURCHASE_STATES, description: PURCHASE_STATE_DOC })
  state: PurchaseState;

  @ApiProperty({ type: String, format: 'uri', nullable: true, description: CHECKOUT_URL_DOC })
  checkout_url: string | null;

  @ApiProperty({ format: 'date-time' })
  purchased_at: string;

  @ApiProperty({ description: 'Lead credits after the purchase (pending: now)' })
  balance: number;
}

export class PurchaseDto implements PurchaseResponse {
  @ApiProperty({ enum: ['purchase'] })
  object: 'purchase';

  @ApiProperty({ format: 'uuid', description: "The purchase (a decision pack's id once paid)" })
  id: string;

  @ApiProperty({ enum: PURCHASE_PRODUCTS })
  product: PurchaseProduct;

  @ApiProperty({ description: 'Decisions in the pack, or lead credits' })
  quantity: number;

  @ApiProperty({ enum: PURCHASE_STATES, description: PURCHASE_STATE_DOC })
  state: PurchaseState;

  @ApiProperty({ description: "The price in the currency's minor unit (halalas, fils)" })
  amount: number;

  @ApiProperty({ example: 'SAR' })
  currency: string;

  @ApiProperty({ example: 'stripe', description: '`manual`: a demo purchase, no money taken' })
  provider: string;

  @ApiProperty({ type: String, format: 'uri', nullable: true, description: CHECKOUT_URL_DOC })
  checkout_url: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Paid, failed or expired at' })
  settled_at: string | null;
}

export class PurchasesPageDto extends PageDto(PurchaseDto) {}

/** `GET /v1/workspace/purchases` paging. */
export class PurchasesQueryDto extends PageQueryDto {}

export class PaymentWebhookReceivedDto {
  @ApiProperty({ enum: [true] })
  received: true;
}
