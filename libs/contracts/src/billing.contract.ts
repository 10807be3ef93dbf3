import { IsBoolean, IsIn, IsInt, IsISO8601, IsOptional, IsString, IsUUID, Length, Max, Min } from '@app/validation';
import { BROKER_KINDS } from './access';
import type { BrokerKind } from './access';
import { PageRequest } from './paging';
import type { Page } from './paging';
import { rpc } from './rpc-descriptor';

/** Billing's message patterns, event subjects and payloads. */

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

export interface BalanceResponse {
  decisions: number;
  lead_credits: number;
  /** Below these, `billing.balance.low.v1` is emitted (0: never). */
  low_balance_threshold: Record<BillingAsset, number>;
}

export interface PaidBalanceResponse {
  /** The whole balance per asset. */
  balance: Record<BillingAsset, number>;
  /** The part of it bought (decision packs, lead-credit purchases), credits being used oldest first; the rest was granted (welcome, plan). */
  paid: Record<BillingAsset, number>;
}

export class SetLowBalanceThresholdRequest {
  @IsUUID()
  workspace_id: string;

  @IsIn(BILLING_ASSETS)
  asset: BillingAsset;

  @IsInt()
  @Min(0)
  @Max(1_000_000)
  threshold: number;
}

export interface BalanceLowPayload {
  workspace_id: string;
  asset: BillingAsset;
  balance: number;
  threshold: number;
  /** The ledger entry that crossed the threshold. */
  entry_id: string;
}

export class PurchasePackRequest {
  @IsUUID()
  workspace_id: string;

  @IsIn(DECISION_PACK_SIZES)
  size: DecisionPackSize;

  /** The client's `Idempotency-Key`; absent: every call is a new purchase. */
  @IsOptional()
  @IsString()
  @Length(1, 200)
  idempotency_key?: string;
}

export const LEAD_CREDITS_PURCHASE_MAX = 1000;

export class PurchaseLeadCreditsRequest {
  @IsUUID()
  workspace_id: string;

  @IsInt()
  @Min(1)
  @Max(LEAD_CREDITS_PURCHASE_MAX)
  quantity: number;

  /** The client's `Idempotency-Key`; absent: every call is a new purchase. */
  @IsOptional()
  @IsString()
  @Length(1, 200)
  idempotency_key?: string;
}

export interface LeadCreditsPurchaseResponse {
  object: 'lead_credit_purchase';
  /** The purchase's id. */
  id: string;
  quantity: number;
  state: PurchaseState;
  /** The provider's hosted payment page while `pending`; null once paid or ended. */
  checkout_url: string | null;
  purchased_at: string;
  /** The workspace's lead-credit balance right after the purchase. */
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

/** `pending`: waiting for the provider's word; `paid`: credited; `failed`, `expired`: ended without credit. */
export const PURCHASE_STATES = ['pending', 'paid', 'failed', 'expired'] as const;
export type PurchaseState = (typeof PURCHASE_STATES)[number];

export const PURCHASE_PRODUCTS = ['decision_pack', 'lead_credits'] as const;
export type PurchaseProduct = (typeof PURCHASE_PRODUCTS)[number];

export interface DecisionPackResponse {
  object: 'decision_pack';
  /** The purchase's id (and the pack's, once paid). */
  id: string;
  size: DecisionPackSize;
  state: PurchaseState;
  /** The provider's hosted payment page while `pending`; null once paid or ended. */
  checkout_url: string | null;
  purchased_at: string;
  /** Null until paid. */
  refundable_until: string | null;
  refunded_at: string | null;
  /** Decisions taken back by the refund (the unused part); null while not refunded. */
  refunded_decisions: number | null;
  /** The workspace's decision balance after this purchase or refund. */
  balance: number;
}

export class LedgerRequest extends PageRequest {
  @IsUUID()
  workspace_id: string;
}

export interface LedgerEntryResponse {
  object: 'ledger_entry';
  id: string;
  asset: BillingAsset;
  amount: number;
  reason: string;
  reference: string | null;
  balance_after: number;
  created_at: string;
}

export type LedgerPageResponse = Page<LedgerEntryResponse>;

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

export interface PaymentWebhookResponse {
  received: true;
}

export class PurchasesRequest extends PageRequest {
  @IsUUID()
  workspace_id: string;
}

export interface PurchaseResponse {
  object: 'purchase';
  id: string;
  product: PurchaseProduct;
  /** Decisions in the pack, or lead credits. */
  quantity: number;
  state: PurchaseState;
  /** In the currency's minor unit (halalas, fils). */
  amount: number;
  currency: string;
  provider: string;
  checkout_url: string | null;
  created_at: string;
  /** When it was paid, failed or expired; null while pending. */
  settled_at: string | null;
}

export type PurchasesPageResponse = Page<PurchaseResponse>;

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

export interface InvoiceResponse {
  object: 'invoice';
  id: string;
  kind: 'invoice' | 'credit_note';
  /** Gap-free per issuing entity and kind: `SA-INV-000001`, `SA-CN-000001`. */
  number: string;
  issued_at: string;
  purchase_id: string;
  currency: string;
  /** Decimal strings in the currency (`155.65`); negative on a credit note. */
  net: string;
  /** 0.15 (Saudi Arabia), 0.05 (UAE). */
  vat_rate: number;
  vat: string;
  total: string;
  /** ZATCA phase-1 QR payload (base64 TLV) on Saudi documents; null elsewhere. */
  zatca_qr: string | null;
  /** Bought through the demo provider (`manual`): no money was taken. */
  demo: boolean;
}

export type InvoicesPageResponse = Page<InvoiceResponse>;

export class BillingProfileRequest {
  @IsUUID()
  workspace_id: string;
}

/** Absent fields stay as they are; null clears a name or VAT number. */
export class SetBillingProfileRequest {
  @IsUUID()
  workspace_id: string;

  @IsOptional()
  @IsString()
  @Length(1, 200)
  legal_name?: string | null;

  @IsOptional()
  @IsString()
  @Length(1, 40)
  vat_number?: string | null;

  @IsOptional()
  @IsIn(INVOICE_COUNTRIES)
  country?: InvoiceCountry;
}

export interface BillingProfileResponse {
  object: 'billing_profile';
  legal_name: string | null;
  vat_number: string | null;
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
