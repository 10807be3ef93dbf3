import { Controller } from '@nestjs/common';
import {
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
  BillingRpc,
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
import { MessageData, RpcHandler } from '@app/messaging';
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

  @RpcHandler(BillingRpc.invoices)
  listInvoices(@MessageData() req: InvoicesRequest): Promise<InvoicesPageResponse> {
    return this.invoices.page(req);
  }

  @RpcHandler(BillingRpc.invoicePdf)
  invoicePdf(@MessageData() req: InvoicePdfRequest): Promise<InvoicePdfResponse> {
    return this.invoices.pdf(req);
  }

  @RpcHandler(BillingRpc.profile)
  billingProfile(@MessageData() req: BillingProfileRequest): Promise<BillingProfileResponse> {
    return this.invoices.profile(req);
  }

  @RpcHandler(BillingRpc.setProfile)
  setBillingProfile(@MessageData() req: SetBillingProfileRequest): Promise<BillingProfileResponse> {
    return this.invoices.setProfile(req);
  }

  @RpcHandler(BillingRpc.paymentWebhook)
  paymentWebhook(@MessageData() req: PaymentWebhookRequest): Promise<PaymentWebhookResponse> {
    return this.purchases.webhook(req);
  }

  @RpcHandler(BillingRpc.purchases)
  listPurchases(@MessageData() req: PurchasesRequest): Promise<PurchasesPageResponse> {
    return this.purchases.page(req);
  }

  @RpcHandler(BillingRpc.purchaseLeadCredits)
  purchaseLeadCredits(@MessageData() req: PurchaseLeadCreditsRequest): Promise<LeadCreditsPurchaseResponse> {
    return this.leadCredits.purchase(req);
  }

  @RpcHandler(BillingRpc.debit)
  debit(@MessageData() req: DebitRequest): Promise<DebitResponse> {
    return this.ledger.debit(req);
  }

  @RpcHandler(BillingRpc.refund)
  refund(@MessageData() req: RefundRequest): Promise<RefundResponse> {
    return this.ledger.refund(req);
  }

  @RpcHandler(BillingRpc.balance)
  balance(@MessageData() req: BalanceRequest): Promise<BalanceResponse> {
    return this.ledger.balance(req);
  }

  @RpcHandler(BillingRpc.paidBalance)
  paidBalance(@MessageData() req: BalanceRequest): Promise<PaidBalanceResponse> {
    return this.ledger.paidBalance(req);
  }

  @RpcHandler(BillingRpc.setLowBalanceThreshold)
  setLowBalanceThreshold(@MessageData() req: SetLowBalanceThresholdRequest): Promise<BalanceResponse> {
    return this.ledger.setLowBalanceThreshold(req);
  }

  @RpcHandler(BillingRpc.welcome)
  welcome(@MessageData() req: WelcomeRequest): Promise<BalanceResponse> {
    return this.ledger.welcome(req);
  }

  @RpcHandler(BillingRpc.ledger)
  page(@MessageData() req: LedgerRequest): Promise<LedgerPageResponse> {
    return this.ledger.page(req);
  }

  @RpcHandler(BillingRpc.purchasePack)
  purchasePack(@MessageData() req: PurchasePackRequest): Promise<DecisionPackResponse> {
    return this.packs.purchase(req);
  }

  @RpcHandler(BillingRpc.refundPack)
  refundPack(@MessageData() req: RefundPackRequest): Promise<DecisionPackResponse> {
    return this.packs.refund(req);
  }
}
