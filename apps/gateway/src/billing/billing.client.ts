import { Injectable } from '@nestjs/common';
import {
  BILLING_LEAD_CREDITS_PURCHASE_PATTERN,
  BILLING_BALANCE_PATTERN,
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
  BILLING_SET_LOW_BALANCE_PATTERN,
} from '@app/contracts';
import type {
  LeadCreditsPurchaseResponse,
  PurchaseLeadCreditsRequest,
  BalanceRequest,
  BillingProfileRequest,
  BillingProfileResponse,
  InvoicePdfRequest,
  InvoicePdfResponse,
  InvoicesPageResponse,
  InvoicesRequest,
  SetBillingProfileRequest,
  BalanceResponse,
  DecisionPackResponse,
  LedgerPageResponse,
  LedgerRequest,
  PaidBalanceResponse,
  PaymentWebhookRequest,
  PaymentWebhookResponse,
  PurchasePackRequest,
  PurchasesPageResponse,
  PurchasesRequest,
  RefundPackRequest,
  SetLowBalanceThresholdRequest,
} from '@app/contracts';
import { RpcClient } from '@app/messaging';

/** The billing service over the transport (deadline, request id and registry errors from RpcClient). */
@Injectable()
export class BillingClient {
  constructor(private readonly rpc: RpcClient) {}

  balance(req: BalanceRequest): Promise<BalanceResponse> {
    return this.rpc.send(BILLING_BALANCE_PATTERN, req);
  }

  paidBalance(req: BalanceRequest): Promise<PaidBalanceResponse> {
    return this.rpc.send(BILLING_PAID_BALANCE_PATTERN, req);
  }

  setLowBalanceThreshold(req: SetLowBalanceThresholdRequest): Promise<BalanceResponse> {
    return this.rpc.send(BILLING_SET_LOW_BALANCE_PATTERN, req);
  }

  purchaseLeadCredits(req: PurchaseLeadCreditsRequest): Promise<LeadCreditsPurchaseResponse> {
    return this.rpc.send(BILLING_LEAD_CREDITS_PURCHASE_PATTERN, req);
  }

  purchasePack(req: PurchasePackRequest): Promise<DecisionPackResponse> {
    return this.rpc.send(BILLING_PACK_PURCHASE_PATTERN, req);
  }

  refundPack(req: RefundPackRequest): Promise<DecisionPackResponse> {
    return this.rpc.send(BILLING_PACK_REFUND_PATTERN, req);
  }

  purchases(req: PurchasesRequest): Promise<PurchasesPageResponse> {
    return this.rpc.send(BILLING_PURCHASES_PATTERN, req);
  }

  invoices(req: InvoicesRequest): Promise<InvoicesPageResponse> {
    return this.rpc.send(BILLING_INVOICES_PATTERN, req);
  }

  invoicePdf(req: InvoicePdfRequest): Promise<InvoicePdfResponse> {
    return this.rpc.send(BILLING_INVOICE_PDF_PATTERN, req);
  }

  billingProfile(req: BillingProfileRequest): Promise<BillingProfileResponse> {
    return this.rpc.send(BILLING_PROFILE_GET_PATTERN, req);
  }

  setBillingProfile(req: SetBillingProfileRequest): Promise<BillingProfileResponse> {
    return this.rpc.send(BILLING_PROFILE_SET_PATTERN, req);
  }

  paymentWebhook(req: PaymentWebhookRequest): Promise<PaymentWebhookResponse> {
    return this.rpc.send(BILLING_PAYMENT_WEBHOOK_PATTERN, req);
  }

  ledger(req: LedgerRequest): Promise<LedgerPageResponse> {
    return this.rpc.send(BILLING_LEDGER_PATTERN, req);
  }
}
