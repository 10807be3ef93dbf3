import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Length, Max, Min, ValidateIf } from 'class-validator';
import {
  BILLING_ASSETS,
  DECISION_PACK_SIZES,
  LEAD_CREDITS_PURCHASE_MAX,
  LEDGER_REASONS,
  INVOICE_COUNTRIES,
  PURCHASE_PRODUCTS,
  PURCHASE_STATES,
} from '@app/contracts';
import { PageQueryDto } from '../http/page-query.dto';
import type {
  BalanceResponse,
  BillingAsset,
  DecisionPackSize,
  InvoiceCountry,
  InvoiceResponse,
  BillingProfileResponse,
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

export class InvoiceDto implements InvoiceResponse {
  @ApiProperty({ enum: ['invoice'] })
  object: 'invoice';

  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ enum: ['invoice', 'credit_note'], description: 'A credit note answers a refund (negative amounts)' })
  kind: 'invoice' | 'credit_note';

  @ApiProperty({ example: 'SA-INV-000001', description: 'Gap-free per issuing entity (country) and kind' })
  number: string;

  @ApiProperty({ format: 'date-time' })
  issued_at: string;

  @ApiProperty({ format: 'uuid', description: 'The purchase it bills (see GET /v1/workspace/purchases)' })
  purchase_id: string;

  @ApiProperty({ example: 'SAR' })
  currency: string;

  @ApiProperty({ example: '155.65', description: 'Decimal string in the currency; negative on a credit note' })
  net: string;

  @ApiProperty({ example: 0.15, description: '0.15 in Saudi Arabia, 0.05 in the UAE (configurable)' })
  vat_rate: number;

  @ApiProperty({ example: '23.35' })
  vat: string;

  @ApiProperty({ example: '179.00', description: 'net + vat' })
  total: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'ZATCA e-invoicing phase 1 QR payload (base64 TLV: seller, VAT number, time, total, VAT); null outside Saudi Arabia',
  })
  zatca_qr: string | null;

  @ApiProperty({ description: 'Bought through the demo provider (`manual`): no money was taken' })
  demo: boolean;
}

export class InvoicesPageDto extends PageDto(InvoiceDto) {}

/** `GET /v1/workspace/invoices` paging. */
export class InvoicesQueryDto extends PageQueryDto {}

export class BillingProfileDto implements BillingProfileResponse {
  @ApiProperty({ enum: ['billing_profile'] })
  object: 'billing_profile';

  @ApiProperty({ type: String, nullable: true, description: 'The buyer on invoices' })
  legal_name: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'With one, invoices are full tax invoices' })
  vat_number: string | null;

  @ApiProperty({ enum: INVOICE_COUNTRIES, description: 'Sets the VAT rate and the issuing entity' })
  country: InvoiceCountry;
}

export class UpdateBillingProfileDto {
  @ApiProperty({
    type: String,
    nullable: true,
    required: false,
    minLength: 1,
    maxLength: 200,
    example: 'شركة الأفق العقارية',
  })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsString()
  @Length(1, 200)
  legal_name?: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    required: false,
    example: '310122393500003',
    description: 'Saudi Arabia: 15 digits starting and ending with 3; UAE: 15 digits',
  })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsString()
  @Length(1, 40)
  vat_number?: string | null;

  @ApiProperty({ enum: INVOICE_COUNTRIES, required: false })
  @IsOptional()
  @IsIn(INVOICE_COUNTRIES)
  country?: InvoiceCountry;
}
