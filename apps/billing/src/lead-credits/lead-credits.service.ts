import { Injectable } from '@nestjs/common';
import type { LeadCreditsPurchaseResponse, PurchaseLeadCreditsRequest } from '@app/contracts';
import { LedgerRepository } from '../ledger/ledger.repository';
import { PurchasesService } from '../payments/purchases.service';
import type { PurchaseRow } from '../payments/purchases.repository';

/**
 * Lead credits bought outright, on top of the plan's monthly allocation: a purchase like a
 * pack's (paid at once by `manual`, else pending until the provider's webhook), credited to
 * the ledger as `lead_credits:<Idempotency-Key>`. A retry with the key returns the same purchase.
 */
@Injectable()
export class LeadCreditsService {
  constructor(
    private readonly ledger: LedgerRepository,
    private readonly purchases: PurchasesService,
  ) {}

  async purchase(req: PurchaseLeadCreditsRequest): Promise<LeadCreditsPurchaseResponse> {
    const purchase = await this.purchases.start({
      workspaceId: req.workspace_id,
      product: 'lead_credits',
      quantity: req.quantity,
      idempotencyKey: req.idempotency_key,
    });
    const entry =
      purchase.state === 'paid'
        ? await this.ledger.findByKey(req.workspace_id, `lead_credits:${purchase.idempotency_key}`)
        : null;
    const balance = entry?.balance_after ?? (await this.ledger.balances(req.workspace_id)).lead_credits;
    return toResponse(purchase, balance);
  }
}

function toResponse(purchase: PurchaseRow, balance: number): LeadCreditsPurchaseResponse {
  return {
    object: 'lead_credit_purchase',
    id: purchase.id,
    quantity: purchase.quantity,
    state: purchase.state,
    checkout_url: purchase.checkout_url,
    purchased_at: new Date(purchase.settled_at ?? purchase.created_at).toISOString(),
    balance,
  };
}
