import { Injectable } from '@nestjs/common';
import { workspaceOf } from '../identity/access/principal-workspace';
import { BillingClient } from './billing.client';
import type {
  BalanceResponse,
  Principal,
  BillingProfileResponse,
  DecisionPackResponse,
  InvoicesPageResponse,
  LedgerPageResponse,
  LowBalanceThresholdBody,
  PageQuery,
  PurchaseDecisionPackBody,
  PurchasesPageResponse,
  UpdateBillingProfileBody,
  WorkspaceBalanceResponse,
} from '@app/contracts';
import { pageOf } from '@app/contracts';

/** The caller's workspace billing, through the billing service. */
@Injectable()
export class BillingService {
  constructor(private readonly billing: BillingClient) {}

  async balance(principal: Principal): Promise<WorkspaceBalanceResponse> {
    return toWorkspaceBalance(await this.billing.balance({ workspace_id: workspaceOf(principal) }));
  }

  async setLowBalanceThreshold(principal: Principal, body: LowBalanceThresholdBody): Promise<WorkspaceBalanceResponse> {
    return toWorkspaceBalance(
      await this.billing.setLowBalanceThreshold({
        workspace_id: workspaceOf(principal),
        asset: body.asset,
        threshold: body.threshold,
      }),
    );
  }

  purchaseLeadCredits(principal: Principal, quantity: number, idempotencyKey?: string) {
    return this.billing.purchaseLeadCredits({
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
    return this.billing.purchasePack({
      workspace_id: workspaceOf(principal),
      size: body.size,
      idempotency_key: idempotencyKey,
    });
  }

  refundPack(principal: Principal, packId: string): Promise<DecisionPackResponse> {
    return this.billing.refundPack({ workspace_id: workspaceOf(principal), pack_id: packId });
  }

  invoices(principal: Principal, query: PageQuery): Promise<InvoicesPageResponse> {
    return this.billing.invoices({ workspace_id: workspaceOf(principal), ...pageOf(query) });
  }

  async invoicePdf(principal: Principal, invoiceId: string): Promise<{ filename: string; pdf: Buffer }> {
    const answer = await this.billing.invoicePdf({ workspace_id: workspaceOf(principal), invoice_id: invoiceId });
    return { filename: answer.filename, pdf: Buffer.from(answer.pdf_base64, 'base64') };
  }

  billingProfile(principal: Principal): Promise<BillingProfileResponse> {
    return this.billing.billingProfile({ workspace_id: workspaceOf(principal) });
  }

  setBillingProfile(principal: Principal, body: UpdateBillingProfileBody): Promise<BillingProfileResponse> {
    return this.billing.setBillingProfile({ workspace_id: workspaceOf(principal), ...body });
  }

  purchases(principal: Principal, query: PageQuery): Promise<PurchasesPageResponse> {
    return this.billing.purchases({ workspace_id: workspaceOf(principal), ...pageOf(query) });
  }

  ledger(principal: Principal, query: PageQuery): Promise<LedgerPageResponse> {
    return this.billing.ledger({
      workspace_id: workspaceOf(principal),
      ...pageOf(query),
    });
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
