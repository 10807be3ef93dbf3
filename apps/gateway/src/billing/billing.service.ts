import { Injectable } from '@nestjs/common';
import type { Principal } from '@app/contracts';
import { workspaceOf } from '../identity/access/principal-workspace';
import { BillingClient } from './billing.client';
import { toBalanceDto } from './billing.dto';
import type {
  BalanceDto,
  DecisionPackDto,
  LedgerPageDto,
  LedgerQueryDto,
  LowBalanceThresholdDto,
  PurchaseDecisionPackDto,
  PurchasesPageDto,
  PurchasesQueryDto,
  BillingProfileDto,
  InvoicesPageDto,
  InvoicesQueryDto,
  UpdateBillingProfileDto,
} from './billing.dto';

/** The caller's workspace billing, through the billing service. */
@Injectable()
export class BillingService {
  constructor(private readonly billing: BillingClient) {}

  async balance(principal: Principal): Promise<BalanceDto> {
    return toBalanceDto(await this.billing.balance({ workspace_id: workspaceOf(principal) }));
  }

  async setLowBalanceThreshold(principal: Principal, dto: LowBalanceThresholdDto): Promise<BalanceDto> {
    return toBalanceDto(
      await this.billing.setLowBalanceThreshold({
        workspace_id: workspaceOf(principal),
        asset: dto.asset,
        threshold: dto.threshold,
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

  purchasePack(principal: Principal, dto: PurchaseDecisionPackDto, idempotencyKey?: string): Promise<DecisionPackDto> {
    return this.billing.purchasePack({
      workspace_id: workspaceOf(principal),
      size: dto.size,
      idempotency_key: idempotencyKey,
    });
  }

  refundPack(principal: Principal, packId: string): Promise<DecisionPackDto> {
    return this.billing.refundPack({ workspace_id: workspaceOf(principal), pack_id: packId });
  }

  invoices(principal: Principal, query: InvoicesQueryDto): Promise<InvoicesPageDto> {
    return this.billing.invoices({ workspace_id: workspaceOf(principal), limit: query.limit, offset: query.offset });
  }

  async invoicePdf(principal: Principal, invoiceId: string): Promise<{ filename: string; pdf: Buffer }> {
    const answer = await this.billing.invoicePdf({ workspace_id: workspaceOf(principal), invoice_id: invoiceId });
    return { filename: answer.filename, pdf: Buffer.from(answer.pdf_base64, 'base64') };
  }

  billingProfile(principal: Principal): Promise<BillingProfileDto> {
    return this.billing.billingProfile({ workspace_id: workspaceOf(principal) });
  }

  setBillingProfile(principal: Principal, dto: UpdateBillingProfileDto): Promise<BillingProfileDto> {
    return this.billing.setBillingProfile({ workspace_id: workspaceOf(principal), ...dto });
  }

  purchases(principal: Principal, query: PurchasesQueryDto): Promise<PurchasesPageDto> {
    return this.billing.purchases({ workspace_id: workspaceOf(principal), limit: query.limit, offset: query.offset });
  }

  ledger(principal: Principal, query: LedgerQueryDto): Promise<LedgerPageDto> {
    return this.billing.ledger({
      workspace_id: workspaceOf(principal),
      limit: query.limit,
      offset: query.offset,
    });
  }
}
