import {
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsNumber,
  IsOptional,
  IsString,
  IsUrl,
  IsUUID,
  Length,
  Max,
  Min,
} from '@app/validation';
import { BROKER_KINDS } from './access';
import type { BrokerKind } from './access';
import { ListPage, PageRequest } from './paging';
import { rpc } from './rpc-descriptor';

/** Lead credits arrived (a purchase or a plan grant): locked leads can now be paid for. */
export const BILLING_LEAD_CREDITS_ADDED = 'billing.lead-credits.added.v1';

/** A purchase was paid and credited (its invoice follows as billing.invoice.issued.v1). */
export const BILLING_PURCHASE_COMPLETED = 'billing.purchase.completed.v1';
/** A purchase ended without payment (`failed` or `expired`): nothing was credited. */
export const BILLING_PURCHASE_FAILED = 'billing.purchase.failed.v1';
/** A tax invoice or credit note was issued (the owner gets it by e-mail). */
export const BILLING_INVOICE_ISSUED = 'billing.invoice.issued.v1';

/** A balance fell below its workspace's threshold: once per downward crossing. */
export const BILLING_BALANCE_LOW = 'billing.balance.low.v1';

export const BILLING_ASSETS = ['decisions', 'lead_credits'] as const;
export type BillingAsset = (typeof BILLING_ASSETS)[number];

export const DECISION_PACK_SIZES = [5, 20, 50] as const;
export type DecisionPackSize = (typeof DECISION_PACK_SIZES)[number];

/** Why a ledger entry exists. */
export const LEDGER_REASONS = [
  'debit',
  'refund',
  'pack_purchase',
  'pack_refund',
  'welcome',
  'plan_grant',
  'lead_credit_purchase',
] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

/** Charge a workspace; idempotent on `request_id` (same id again → the first result, charged once). */
export class DebitRequest {
  @IsUUID()
  workspace_id: string;

  @IsIn(BILLING_ASSETS)
  asset: BillingAsset;

  @IsInt()
  @Min(1)
  @Max(1_000_000)
  amount: number;

  @IsString()
  @Length(1, 200)
  request_id: string;

  /** What the charge is for, e.g. `decision`. */
  @IsString()
  @Length(1, 100)
  reason: string;

  @IsOptional()
  @IsString()
  @Length(1, 200)
  reference?: string;
}

export interface DebitResponse {
  entry_id: string;
  /** The balance of that asset right after this debit. */
  balance: number;
}

/** Reverse a debit, once. */
export class RefundRequest {
  @IsUUID()
  debit_entry_id: string;

  @IsString()
  @Length(1, 200)
  request_id: string;

  /** Part of the debit to give back (a batch whose failed items are refunded); the whole debit when absent. */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  amount?: number;
}

export interface RefundResponse {
  entry_id: string;
  balance: number;
}

/** A new workspace, as identity.workspace.created.v1 describes it. */
export class WelcomeRequest {
  @IsUUID()
  workspace_id: string;

  @IsIn(['broker', 'developer'])
  kind: 'broker' | 'developer';

  @IsOptional()
  @IsIn(BROKER_KINDS) // IsOptional lets null through: developers have no broker kind
  broker_kind: BrokerKind | null;

  @IsISO8601()
  created_at: string;

  @IsOptional()
  @IsBoolean()
  demo?: boolean;
}

export class BalanceRequest {
  @IsUUID()
  workspace_id: string;
}

/**
 * The balances below which the owner and admins are warned: crossing one emits
 * `billing.balance.low.v1` once per crossing.
 */
export class LowBalanceThresholds {
  /** Decisions; 0: never warn. */
  @IsInt()
  decisions: number;

  /** Lead credits; 0: never warn. */
  @IsInt()
  lead_credits: number;
}

export class BalanceResponse {
  /** Decisions left. */
  @IsNumber()
  decisions: number;

  /** Lead credits left. */
  @IsNumber()
  lead_credits: number;

  /** Crossing below a threshold emits billing.balance.low.v1 once per crossing */
  low_balance_threshold: LowBalanceThresholds;
}

/** GET /v1/workspace/balance: the balance as billing answers it, named. */
export class WorkspaceBalanceResponse extends BalanceResponse {
  /** Always `balance`. */
  @IsIn(['balance'])
  object: 'balance';
}

export interface PaidBalanceResponse {
  /** The whole balance per asset. */
  balance: Record<BillingAsset, number>;
  /** The part of it bought (decision packs, lead-credit purchases), credits being used oldest first; the rest was granted (welcome, plan). */
  paid: Record<BillingAsset, number>;
}

/** PUT /v1/workspace/balance/low-balance-threshold body. */
export class LowBalanceThresholdBody {
  /** The asset whose threshold is set. */
  @IsIn(BILLING_ASSETS)
  asset: BillingAsset;

  /** 0: never warn */
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  threshold: number;
}

export class SetLowBalanceThresholdRequest extends LowBalanceThresholdBody {
  @IsUUID()
  workspace_id: string;
}

export interface BalanceLowPayload {
  workspace_id: string;
  asset: BillingAsset;
  balance: number;
  threshold: number;
  /** The ledger entry that crossed the threshold. */
  entry_id: string;
}

/** POST /v1/workspace/decision-packs body. */
export class PurchaseDecisionPackBody {
  /** Decisions in the pack. */
  @IsIn(DECISION_PACK_SIZES)
  size: DecisionPackSize;
}

export class PurchasePackRequest extends PurchaseDecisionPackBody {
  @IsUUID()
  workspace_id: string;

  /** The client's `Idempotency-Key`; absent: every call is a new purchase. */
  @IsOptional()
  @IsString()
  @Length(1, 200)
  idempotency_key?: string;
}

export const LEAD_CREDITS_PURCHASE_MAX = 1000;

/** `pending`: waiting for the provider's word; `paid`: credited; `failed`, `expired`: ended without credit. */
export const PURCHASE_STATES = ['pending', 'paid', 'failed', 'expired'] as const;
export type PurchaseState = (typeof PURCHASE_STATES)[number];

export const PURCHASE_PRODUCTS = ['decision_pack', 'lead_credits'] as const;
export type PurchaseProduct = (typeof PURCHASE_PRODUCTS)[number];

/** POST /v1/workspace/lead-credits body. */
export class PurchaseLeadCreditsBody {
  /** Lead credits to buy. */
  @IsInt()
  @Min(1)
  @Max(LEAD_CREDITS_PURCHASE_MAX)
  quantity: number;
}

export class PurchaseLeadCreditsRequest extends PurchaseLeadCreditsBody {
  @IsUUID()
  workspace_id: string;

  /** The client's `Idempotency-Key`; absent: every call is a new purchase. */
  @IsOptional()
  @IsString()
  @Length(1, 200)
  idempotency_key?: string;
}

export class LeadCreditsPurchaseResponse {
  /** Always `lead_credit_purchase`. */
  @IsIn(['lead_credit_purchase'])
  object: 'lead_credit_purchase';

  /** The purchase */
  @IsUUID()
  id: string;

  /** Lead credits bought. */
  @IsNumber()
  quantity: number;

  /** `pending`: pay at `checkout_url`, credited once the provider confirms; `paid`: credited; `failed`, `expired`: ended without credit */
  @IsIn(PURCHASE_STATES)
  state: PurchaseState;

  /** The payment provider's hosted payment page while `pending` (card data never reaches us); else null */
  @IsOptional()
  @IsUrl()
  checkout_url: string | null;

  /** When it was paid (pending: when it was started). */
  @IsISO8601()
  purchased_at: string;

  /** Lead credits after the purchase (pending: now) */
  @IsNumber()
  balance: number;
}

export interface LeadCreditsAddedPayload {
  workspace_id: string;
  amount: number;
  balance: number;
  entry_id: string;
}

export class RefundPackRequest {
  @IsUUID()
  workspace_id: string;

  @IsString()
  @Length(1, 100)
  pack_id: string;
}

export class DecisionPackResponse {
  /** Always `decision_pack`. */
  @IsIn(['decision_pack'])
  object: 'decision_pack';

  /** The purchase's id (and the pack's, once paid). */
  @IsUUID()
  id: string;

  /** Decisions in the pack. */
  @IsIn(DECISION_PACK_SIZES)
  size: DecisionPackSize;

  /** `pending`: pay at `checkout_url`, credited once the provider confirms; `paid`: credited; `failed`, `expired`: ended without credit */
  @IsIn(PURCHASE_STATES)
  state: PurchaseState;

  /** The payment provider's hosted payment page while `pending` (card data never reaches us); else null */
  @IsOptional()
  @IsUrl()
  checkout_url: string | null;

  /** When it was paid (pending: when it was started) */
  @IsISO8601()
  purchased_at: string;

  /** purchased_at + 24 hours; null until paid */
  @IsOptional()
  @IsISO8601()
  refundable_until: string | null;

  /** When the unused part was refunded; null while not refunded. */
  @IsOptional()
  @IsISO8601()
  refunded_at: string | null;

  /** Decisions taken back by the refund (the unused part); null while not refunded. */
  @IsOptional()
  @IsInt()
  refunded_decisions: number | null;

  /** Decision balance after this purchase or refund */
  @IsNumber()
  balance: number;
}

export class LedgerRequest extends PageRequest {
  @IsUUID()
  workspace_id: string;
}

export class LedgerEntryResponse {
  /** Always `ledger_entry`. */
  @IsIn(['ledger_entry'])
  object: 'ledger_entry';

  /** The entry. */
  @IsUUID()
  id: string;

  /** The asset it moved. */
  @IsIn(BILLING_ASSETS)
  asset: BillingAsset;

  /** Signed: credits positive, debits negative */
  @IsNumber()
  amount: number;

  /** Why the entry exists. */
  @IsIn(LEDGER_REASONS)
  reason: string;

  /** What it is for (a decision, a pack, a purchase); null when nothing is named. */
  @IsOptional()
  @IsString()
  reference: string | null;

  /** The asset's balance right after this entry. */
  @IsNumber()
  balance_after: number;

  /** When it was written. */
  @IsISO8601()
  created_at: string;
}

export class LedgerPageResponse extends ListPage {
  /** Ledger entries, newest first. */
  data: LedgerEntryResponse[];
}

/** A webhook exactly as the provider sent it: the raw body is what its signature covers. */
export class PaymentWebhookRequest {
  @IsString()
  @Length(1, 40)
  provider: string;

  @IsString()
  @Length(1, 1_000_000)
  payload: string;

  @IsOptional()
  @IsString()
  @Length(1, 2000)
  signature?: string;
}

export class PaymentWebhookResponse {
  /** Always true: the event was verified and recorded. */
  @IsIn([true])
  received: true;
}

export class PurchasesRequest extends PageRequest {
  @IsUUID()
  workspace_id: string;
}

export class PurchaseResponse {
  /** Always `purchase`. */
  @IsIn(['purchase'])
  object: 'purchase';

  /** The purchase (a decision pack's id once paid) */
  @IsUUID()
  id: string;

  /** What was bought. */
  @IsIn(PURCHASE_PRODUCTS)
  product: PurchaseProduct;

  /** Decisions in the pack, or lead credits */
  @IsNumber()
  quantity: number;

  /** `pending`: pay at `checkout_url`, credited once the provider confirms; `paid`: credited; `failed`, `expired`: ended without credit */
  @IsIn(PURCHASE_STATES)
  state: PurchaseState;

  /** The price in the currency's minor unit (halalas, fils) */
  @IsNumber()
  amount: number;

  /**
   * The currency, ISO 4217.
   * @example "SAR"
   */
  @IsString()
  currency: string;

  /**
   * `manual`: a demo purchase, no money taken
   * @example "stripe"
   */
  @IsString()
  provider: string;

  /** The payment provider's hosted payment page while `pending` (card data never reaches us); else null */
  @IsOptional()
  @IsUrl()
  checkout_url: string | null;

  /** When it was started. */
  @IsISO8601()
  created_at: string;

  /** Paid, failed or expired at; null while pending */
  @IsOptional()
  @IsISO8601()
  settled_at: string | null;
}

export class PurchasesPageResponse extends ListPage {
  /** Purchases, newest first. */
  data: PurchaseResponse[];
}

export const INVOICE_COUNTRIES = ['SA', 'AE'] as const;
export type InvoiceCountry = (typeof INVOICE_COUNTRIES)[number];

export class InvoicesRequest extends PageRequest {
  @IsUUID()
  workspace_id: string;
}

export class InvoicePdfRequest {
  @IsUUID()
  workspace_id: string;

  @IsString()
  @Length(1, 100)
  invoice_id: string;
}

export interface InvoicePdfResponse {
  filename: string;
  pdf_base64: string;
}

export class InvoiceResponse {
  /** Always `invoice`. */
  @IsIn(['invoice'])
  object: 'invoice';

  /** The invoice or credit note. */
  @IsUUID()
  id: string;

  /** A credit note answers a refund (negative amounts) */
  @IsIn(['invoice', 'credit_note'])
  kind: 'invoice' | 'credit_note';

  /**
   * Gap-free per issuing entity (country) and kind
   * @example "SA-INV-000001"
   */
  @IsString()
  number: string;

  /** When it was issued. */
  @IsISO8601()
  issued_at: string;

  /** The purchase it bills (see GET /v1/workspace/purchases) */
  @IsUUID()
  purchase_id: string;

  /**
   * The currency, ISO 4217.
   * @example "SAR"
   */
  @IsString()
  currency: string;

  /**
   * Decimal string in the currency; negative on a credit note
   * @example "155.65"
   */
  @IsString()
  net: string;

  /**
   * 0.15 in Saudi Arabia, 0.05 in the UAE (configurable)
   * @example 0.15
   */
  @IsNumber()
  vat_rate: number;

  /**
   * The VAT, a decimal string in the currency.
   * @example "23.35"
   */
  @IsString()
  vat: string;

  /**
   * net + vat
   * @example "179.00"
   */
  @IsString()
  total: string;

  /** ZATCA e-invoicing phase 1 QR payload (base64 TLV: seller, VAT number, time, total, VAT); null outside Saudi Arabia */
  @IsOptional()
  @IsString()
  zatca_qr: string | null;

  /** Bought through the demo provider (`manual`): no money was taken */
  @IsBoolean()
  demo: boolean;
}

export class InvoicesPageResponse extends ListPage {
  /** Invoices and credit notes, newest first. */
  data: InvoiceResponse[];
}

export class BillingProfileRequest {
  @IsUUID()
  workspace_id: string;
}

/** PATCH /v1/workspace/billing-profile body: absent fields stay as they are; null clears a name or VAT number. */
export class UpdateBillingProfileBody {
  /**
   * The buyer on invoices.
   * @example "شركة الأفق العقارية"
   */
  @IsOptional()
  @IsString()
  @Length(1, 200)
  legal_name?: string | null;

  /**
   * Saudi Arabia: 15 digits starting and ending with 3; UAE: 15 digits
   * @example "310122393500003"
   */
  @IsOptional()
  @IsString()
  @Length(1, 40)
  vat_number?: string | null;

  /** Sets the VAT rate and the issuing entity. */
  @IsOptional()
  @IsIn(INVOICE_COUNTRIES)
  country?: InvoiceCountry;
}

export class SetBillingProfileRequest extends UpdateBillingProfileBody {
  @IsUUID()
  workspace_id: string;
}

export class BillingProfileResponse {
  /** Always `billing_profile`. */
  @IsIn(['billing_profile'])
  object: 'billing_profile';

  /** The buyer on invoices */
  @IsOptional()
  @IsString()
  legal_name: string | null;

  /** With one, invoices are full tax invoices */
  @IsOptional()
  @IsString()
  vat_number: string | null;

  /** Sets the VAT rate and the issuing entity */
  @IsIn(INVOICE_COUNTRIES)
  country: InvoiceCountry;
}

/** billing.purchase.completed.v1 and billing.purchase.failed.v1. */
export interface PurchaseSettledPayload {
  workspace_id: string;
  purchase_id: string;
  product: PurchaseProduct;
  quantity: number;
  state: Exclude<PurchaseState, 'pending'>;
  amount: number;
  currency: string;
  provider: string;
  settled_at: string;
}

export interface InvoiceIssuedPayload {
  workspace_id: string;
  invoice_id: string;
  purchase_id: string;
  kind: 'invoice' | 'credit_note';
  number: string;
  issued_at: string;
  currency: string;
  /** Decimal string, negative on a credit note. */
  total: string;
  demo: boolean;
}

/** The billing service's calls: balances, debits and refunds, packs, invoices. */
export const BillingRpc = {
  debit: rpc<DebitRequest, DebitResponse>('rpc.billing.debit.v1'),
  refund: rpc<RefundRequest, RefundResponse>('rpc.billing.refund.v1'),
  balance: rpc<BalanceRequest, BalanceResponse>('rpc.billing.balance.v1'),
  /** The balance with its paid part (bought, not granted): what deleting a workspace would forfeit. */
  paidBalance: rpc<BalanceRequest, PaidBalanceResponse>('rpc.billing.balance.paid.v1'),
  purchasePack: rpc<PurchasePackRequest, DecisionPackResponse>('rpc.billing.packs.purchase.v1'),
  refundPack: rpc<RefundPackRequest, DecisionPackResponse>('rpc.billing.packs.refund.v1'),
  ledger: rpc<LedgerRequest, LedgerPageResponse>('rpc.billing.ledger.v1'),
  setLowBalanceThreshold: rpc<SetLowBalanceThresholdRequest, BalanceResponse>('rpc.billing.low-balance.set.v1'),
  /** The welcome allowance of a new workspace, now: idempotent, also granted from identity.workspace.created.v1. */
  welcome: rpc<WelcomeRequest, BalanceResponse>('rpc.billing.welcome.v1'),
  /** A payment provider's webhook, as received (raw body and signature): billing verifies it. */
  paymentWebhook: rpc<PaymentWebhookRequest, PaymentWebhookResponse>('rpc.billing.payments.webhook.v1'),
  /** A workspace's purchases (packs and lead credits), newest first. */
  purchases: rpc<PurchasesRequest, PurchasesPageResponse>('rpc.billing.purchases.list.v1'),
  /** Buy lead credits (any quantity; idempotent per workspace on the client's key). */
  purchaseLeadCredits: rpc<PurchaseLeadCreditsRequest, LeadCreditsPurchaseResponse>(
    'rpc.billing.lead-credits.purchase.v1',
  ),
  /** Tax invoices and credit notes of a workspace, newest first. */
  invoices: rpc<InvoicesRequest, InvoicesPageResponse>('rpc.billing.invoices.list.v1'),
  /** One invoice as a bilingual PDF (base64: the transport carries JSON). */
  invoicePdf: rpc<InvoicePdfRequest, InvoicePdfResponse>('rpc.billing.invoices.pdf.v1'),
  profile: rpc<BillingProfileRequest, BillingProfileResponse>('rpc.billing.profile.get.v1'),
  setProfile: rpc<SetBillingProfileRequest, BillingProfileResponse>('rpc.billing.profile.set.v1'),
};
