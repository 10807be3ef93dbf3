import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  BILLING_BALANCE_PATTERN,
  BILLING_DEBIT_PATTERN,
  BILLING_LEAD_CREDITS_PURCHASE_PATTERN,
  BILLING_LEDGER_PATTERN,
  BILLING_PACK_PURCHASE_PATTERN,
  BILLING_PACK_REFUND_PATTERN,
  BILLING_PAID_BALANCE_PATTERN,
  BILLING_INVOICES_PATTERN,
  BILLING_INVOICE_PDF_PATTERN,
  BILLING_PAYMENT_WEBHOOK_PATTERN,
  BILLING_PROFILE_GET_PATTERN,
  BILLING_PROFILE_SET_PATTERN,
  BILLING_PURCHASES_PATTERN,
  BILLING_REFUND_PATTERN,
  BILLING_SET_LOW_BALANCE_PATTERN,
  BILLING_WELCOME_PATTERN,
  BalanceRequest,
  BillingProfileRequest,
  InvoicePdfRequest,
  InvoicesRequest,
  SetBillingProfileRequest,
  DebitRequest,
  LedgerRequest,
  PaymentWebhookRequest,
  PurchasesRequest,
  PurchaseLeadCreditsRequest,
  PurchasePackRequest,
  RefundPackRequest,
  RefundRequest,
  SetLowBalanceThresholdRequest,
  WelcomeRequest,
} from '@app/contracts';
import type {
  BalanceResponse,
  PaidBalanceResponse,
  BillingProfileResponse,
  InvoicePdfResponse,
  InvoicesPageResponse,
  DebitResponse,
  DecisionPackResponse,
  LeadCreditsPurchaseResponse,
  LedgerPageResponse,
  PaymentWebhookResponse,
  PurchasesPageResponse,
  RefundResponse,
} from '@app/contracts';
import { MessageData } from '@app/messaging';
import { InvoicesService } from './invoices/invoices.service';
import { LeadCreditsService } from './lead-credits/lead-credits.service';
import { LedgerService } from './ledger/ledger.service';
import { PacksService } from './packs/packs.service';
import { PurchasesService } from './payments/purchases.service';

/** Billing's message handlers: adapters onto the ledger and packs services. */
@Controller()
export class BillingController {
  constructor(
    private readonly ledger: LedgerService,
    private readonly packs: PacksService,
    private readonly leadCredits: LeadCreditsService,
    private readonly purchases: PurchasesService,
    private readonly invoices: InvoicesService,
  ) {}

  @MessagePattern(BILLING_INVOICES_PATTERN)
  listInvoices(@MessageData() req: InvoicesRequest): Promise<InvoicesPageResponse> {
    return this.invoices.page(req);
  }

  @MessagePattern(BILLING_INVOICE_PDF_PATTERN)
  invoicePdf(@MessageData() req: InvoicePdfRequest): Promise<InvoicePdfResponse> {
    return this.invoices.pdf(req);
  }

  @MessagePattern(BILLING_PROFILE_GET_PATTERN)
  billingProfile(@MessageData() req: BillingProfileRequest): Promise<BillingProfileResponse> {
    return this.invoices.profile(req);
  }

  @MessagePattern(BILLING_PROFILE_SET_PATTERN)
  setBillingProfile(@MessageData() req: SetBillingProfileRequest): Promise<BillingProfileResponse> {
    return this.invoices.setProfile(req);
  }

  @MessagePattern(BILLING_PAYMENT_WEBHOOK_PATTERN)
  paymentWebhook(@MessageData() req: PaymentWebhookRequest): Promise<PaymentWebhookResponse> {
    return this.purchases.webhook(req);
  }

  @MessagePattern(BILLING_PURCHASES_PATTERN)
  listPurchases(@MessageData() req: PurchasesRequest): Promise<PurchasesPageResponse> {
    return this.purchases.page(req);
  }

  @MessagePattern(BILLING_LEAD_CREDITS_PURCHASE_PATTERN)
  purchaseLeadCredits(@MessageData() req: PurchaseLeadCreditsRequest): Promise<LeadCreditsPurchaseResponse> {
    return this.leadCredits.purchase(req);
  }

  @MessagePattern(BILLING_DEBIT_PATTERN)
  debit(@MessageData() req: DebitRequest): Promise<DebitResponse> {
    return this.ledger.debit(req);
  }

  @MessagePattern(BILLING_REFUND_PATTERN)
  refund(@MessageData() req: RefundRequest): Promise<RefundResponse> {
    return this.ledger.refund(req);
  }

  @MessagePattern(BILLING_BALANCE_PATTERN)
  balance(@MessageData() req: BalanceRequest): Promise<BalanceResponse> {
    return this.ledger.balance(req);
  }

  @MessagePattern(BILLING_PAID_BALANCE_PATTERN)
  paidBalance(@MessageData() req: BalanceRequest): Promise<PaidBalanceResponse> {
    return this.ledger.paidBalance(req);
  }

  @MessagePattern(BILLING_SET_LOW_BALANCE_PATTERN)
  setLowBalanceThreshold(@MessageData() req: SetLowBalanceThresholdRequest): Promise<BalanceResponse> {
    return this.ledger.setLowBalanceThreshold(req);
  }

  @MessagePattern(BILLING_WELCOME_PATTERN)
  welcome(@MessageData() req: WelcomeRequest): Promise<BalanceResponse> {
    return this.ledger.welcome(req);
  }

  @MessagePattern(BILLING_LEDGER_PATTERN)
  page(@MessageData() req: LedgerRequest): Promise<LedgerPageResponse> {
    return this.ledger.page(req);
  }

  @MessagePattern(BILLING_PACK_PURCHASE_PATTERN)
  purchasePack(@MessageData() req: PurchasePackRequest): Promise<DecisionPackResponse> {
    return this.packs.purchase(req);
  }

  @MessagePattern(BILLING_PACK_REFUND_PATTERN)
  refundPack(@MessageData() req: RefundPackRequest): Promise<DecisionPackResponse> {
    return this.packs.refund(req);
  }
}
