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
