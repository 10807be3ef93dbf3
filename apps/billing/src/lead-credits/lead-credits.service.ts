import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { LeadCreditsPurchaseResponse, PurchaseLeadCreditsRequest } from '@app/contracts';
import { AppError } from '@app/errors';
import { Clock } from '../clock/clock';
import { LedgerEntryExists, LedgerRepository } from '../ledger/ledger.repository';
import type { LedgerEntryRow } from '../ledger/ledger.repository';
import { PaymentProvider } from '../packs/payment-provider';

/**
 * Lead credits bought outright, on top of the plan's monthly allocation. The ledger entry is
 * the purchase: keyed `lead_credits:<Idempotency-Key>`, so a retry returns the first one.
 */
@Injectable()
export class LeadCreditsService {
  constructor(
    private readonly ledger: LedgerRepository,
    private readonly payments: PaymentProvider,
    private readonly clock: Clock,
  ) {}

  async purchase(req: PurchaseLeadCreditsRequest): Promise<LeadCreditsPurchaseResponse> {
    const key = `lead_credits:${req.idempotency_key ?? randomUUID()}`;
    const earlier = await this.ledger.findByKey(req.workspace_id, key);
    if (earlier) return replay(earlier, req);
    const receipt = await this.payments.charge({
      workspaceId: req.workspace_id,
      product: 'lead_credits',
      size: req.quantity,
      idempotencyKey: key,
    });
    try {
      const entry = await this.ledger.transaction((tx) =>
        this.ledger.append(tx, {
          workspaceId: req.workspace_id,
          asset: 'lead_credits',
          amount: req.quantity,
          reason: 'lead_credit_purchase',
          reference: receipt.reference,
          idempotencyKey: key,
          createdAt: this.clock.now(),
        }),
      );
      return toResponse(entry);
    } catch (err) {
      if (!(err instanceof LedgerEntryExists)) throw err;
      const first = await this.ledger.findByKey(req.workspace_id, key);
      if (!first) throw err;
      return replay(first, req);
    }
  }
}

/** The same key with another quantity is another request: refused, as decision packs are. */
function replay(entry: LedgerEntryRow, req: PurchaseLeadCreditsRequest): LeadCreditsPurchaseResponse {
  if (entry.amount !== req.quantity) {
    throw new AppError('idempotency_key_reused', 'This Idempotency-Key was used for a purchase of another quantity.');
  }
  return toResponse(entry);
}

function toResponse(entry: LedgerEntryRow): LeadCreditsPurchaseResponse {
  return {
    object: 'lead_credit_purchase',
    id: entry.id,
    quantity: entry.amount,
    purchased_at: new Date(entry.created_at).toISOString(),
    balance: entry.balance_after,
  };
}
