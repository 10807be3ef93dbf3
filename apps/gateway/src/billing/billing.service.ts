import { Injectable } from '@nestjs/common';
import { BillingRpc, pageOf } from '@app/contracts';
import type {
  BalanceResponse,
  BillingProfileResponse,
  DecisionPackResponse,
  InvoicesPageResponse,
  LeadCreditsPurchaseResponse,
  LedgerPageResponse,
  LowBalanceThresholdBody,
  PageQuery,
  PaymentWebhookRequest,
  PaymentWebhookResponse,
  Principal,
  PurchaseDecisionPackBody,
  PurchasesPageResponse,
  UpdateBillingProfileBody,
  WorkspaceBalanceResponse,
} from '@app/contracts';
import { AppError } from '@app/errors';
import { RpcClient } from '@app/messaging';
import { workspaceOf } from '../identity/access/principal-workspace';

/** The caller's workspace billing for REST and MCP alike, through the billing service. */
@Injectable()
export class BillingService {
  constructor(private readonly rpc: RpcClient) {}

  async balance(principal: Principal): Promise<WorkspaceBalanceResponse> {
    return toWorkspaceBalance(await this.rpc.call(BillingRpc.balance, { workspace_id: workspaceOf(principal) }));
  }

  async setLowBalanceThreshold(principal: Principal, body: LowBalanceThresholdBody): Promise<WorkspaceBalanceResponse> {
    const request = { ...body, workspace_id: workspaceOf(principal) };
    return toWorkspaceBalance(await this.rpc.call(BillingRpc.setLowBalanceThreshold, request));
  }

  purchaseLeadCredits(
    principal: Principal,
    quantity: number,
    idempotencyKey?: string,
  ): Promise<LeadCreditsPurchaseResponse> {
    return this.rpc.call(BillingRpc.purchaseLeadCredits, {
      workspace_id: workspaceOf(principal),
      quantity,
      idempotency_key: idempotencyKey,
    });
  }

  purchasePack(
    principal: Principal,
    body: PurchaseDecisionPackBody,
    idempotencyKey?: string,
  ): Promise<DecisionPackResponse> {
    return this.rpc.call(BillingRpc.purchasePack, {
      ...body,
      workspace_id: workspaceOf(principal),
      idempotency_key: idempotencyKey,
    });
  }

  refundPack(principal: Principal, packId: string): Promise<DecisionPackResponse> {
    return this.rpc.call(BillingRpc.refundPack, { workspace_id: workspaceOf(principal), pack_id: packId });
  }

  invoices(principal: Principal, query: PageQuery): Promise<InvoicesPageResponse> {
    return this.rpc.call(BillingRpc.invoices, { workspace_id: workspaceOf(principal), ...pageOf(query) });
  }

  async invoicePdf(principal: Principal, invoiceId: string): Promise<{ filename: string; pdf: Buffer }> {
    const request = { workspace_id: workspaceOf(principal), invoice_id: invoiceId };
    const answer = await this.rpc.call(BillingRpc.invoicePdf, request);
    return { filename: answer.filename, pdf: Buffer.from(answer.pdf_base64, 'base64') };
  }

  billingProfile(principal: Principal): Promise<BillingProfileResponse> {
    return this.rpc.call(BillingRpc.profile, { workspace_id: workspaceOf(principal) });
  }

  setBillingProfile(principal: Principal, body: UpdateBillingProfileBody): Promise<BillingProfileResponse> {
    return this.rpc.call(BillingRpc.setProfile, { ...body, workspace_id: workspaceOf(principal) });
  }

  purchases(principal: Principal, query: PageQuery): Promise<PurchasesPageResponse> {
    return this.rpc.call(BillingRpc.purchases, { workspace_id: workspaceOf(principal), ...pageOf(query) });
  }

  ledger(principal: Principal, query: PageQuery): Promise<LedgerPageResponse> {
    return this.rpc.call(BillingRpc.ledger, { workspace_id: workspaceOf(principal), ...pageOf(query) });
  }

  /** The payment provider's report; its signature over the raw body is checked by the billing service. */
  paymentWebhook(provider: string, payload: string | undefined, signature?: string): Promise<PaymentWebhookResponse> {
    if (!payload) throw new AppError('invalid_signature', 'The webhook has no body to verify.');
    const request: PaymentWebhookRequest = { provider, payload, signature };
    return this.rpc.call(BillingRpc.paymentWebhook, request);
  }
}

/** The balance as GET /v1/workspace/balance answers it. */
function toWorkspaceBalance(balance: BalanceResponse): WorkspaceBalanceResponse {
  return {
    object: 'balance',
    decisions: balance.decisions,
    lead_credits: balance.lead_credits,
    low_balance_threshold: balance.low_balance_threshold,
  };
}
