import { Injectable } from '@nestjs/common';
import { BillingRpc } from '@app/contracts';
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
    return this.rpc.call(BillingRpc.balance, req);
  }

  paidBalance(req: BalanceRequest): Promise<PaidBalanceResponse> {
    return this.rpc.call(BillingRpc.paidBalance, req);
  }

  setLowBalanceThreshold(req: SetLowBalanceThresholdRequest): Promise<BalanceResponse> {
    return this.rpc.call(BillingRpc.setLowBalanceThreshold, req);
  }

  purchaseLeadCredits(req: PurchaseLeadCreditsRequest): Promise<LeadCreditsPurchaseResponse> {
    return this.rpc.call(BillingRpc.purchaseLeadCredits, req);
  }

  purchasePack(req: PurchasePackRequest): Promise<DecisionPackResponse> {
    return this.rpc.call(BillingRpc.purchasePack, req);
  }

  refundPack(req: RefundPackRequest): Promise<DecisionPackResponse> {
    return this.rpc.call(BillingRpc.refundPack, req);
  }

  purchases(req: PurchasesRequest): Promise<PurchasesPageResponse> {
    return this.rpc.call(BillingRpc.purchases, req);
  }

  invoices(req: InvoicesRequest): Promise<InvoicesPageResponse> {
    return this.rpc.call(BillingRpc.invoices, req);
  }

  invoicePdf(req: InvoicePdfRequest): Promise<InvoicePdfResponse> {
    return this.rpc.call(BillingRpc.invoicePdf, req);
  }

  billingProfile(req: BillingProfileRequest): Promise<BillingProfileResponse> {
    return this.rpc.call(BillingRpc.profile, req);
  }

  setBillingProfile(req: SetBillingProfileRequest): Promise<BillingProfileResponse> {
    return this.rpc.call(BillingRpc.setProfile, req);
  }

  paymentWebhook(req: PaymentWebhookRequest): Promise<PaymentWebhookResponse> {
    return this.rpc.call(BillingRpc.paymentWebhook, req);
  }

  ledger(req: LedgerRequest): Promise<LedgerPageResponse> {
    return this.rpc.call(BillingRpc.ledger, req);
  }
}
