import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { isUUID } from '@app/validation';
import type { DecisionPackResponse, PurchasePackRequest, RefundPackRequest } from '@app/contracts';
import { AppError } from '@app/errors';
import { Clock } from '../clock/clock';
import { LedgerRepository } from '../ledger/ledger.repository';
import { LowBalanceService } from '../low-balance/low-balance.service';
import { isRefundable, unusedDecisions } from './pack-refund';
import { toDecisionPackResponse } from './packs.dto';
import { PacksRepository } from './packs.repository';
import type { PackRow } from './packs.repository';
import { PaymentProvider } from './payment-provider';

/** A pack insert lost the race to its twin with the same idempotency key. */
class PackExists extends Error {}

@Injectable()
export class PacksService {
  constructor(
    private readonly packs: PacksRepository,
    private readonly ledger: LedgerRepository,
    private readonly payments: PaymentProvider,
    private readonly clock: Clock,
    private readonly lowBalance: LowBalanceService,
  ) {}

  /**
   * Pays through the provider, then records the pack and its credit in one transaction.
   * Idempotent per workspace on the key: a retry returns the first purchase.
   */
  async purchase(req: PurchasePackRequest): Promise<DecisionPackResponse> {
    const key = req.idempotency_key ?? randomUUID();
    const earlier = await this.packs.findByKey(req.workspace_id, key);
    if (earlier) return replayPurchase(earlier, req);
    const receipt = await this.payments.charge({
      workspaceId: req.workspace_id,
      product: 'decision_pack',
      size: req.size,
      idempotencyKey: key,
    });
    try {
      return await this.ledger.transaction(async (tx) => {
        const pack = await this.packs.insert(tx, {
          id: randomUUID(),
          workspace_id: req.workspace_id,
          size: req.size,
          provider: receipt.provider,
          provider_reference: receipt.reference,
          idempotency_key: key,
          purchased_at: this.clock.now(),
        });
        if (!pack) throw new PackExists();
        const entry = await this.ledger.append(tx, {
          workspaceId: req.workspace_id,
          asset: 'decisions',
          amount: pack.size,
          reason: 'pack_purchase',
          reference: pack.id,
          idempotencyKey: `pack:${pack.id}`,
          createdAt: pack.purchased_at,
        });
        await this.packs.setEntry(tx, pack.id, entry.id);
        return toDecisionPackResponse(pack, entry.balance_after);
      });
    } catch (err) {
      if (!(err instanceof PackExists)) throw err;
      const first = await this.packs.findByKey(req.workspace_id, key);
      if (!first) throw err;
      return replayPurchase(first, req);
    }
  }

  /** Within 24 hours of purchase, takes back the unused part of the pack (oldest credits are used first). */
  async refund(req: RefundPackRequest): Promise<DecisionPackResponse> {
    const notFound = () => new AppError('not_found', 'There is no such decision pack in your workspace.');
    if (!isUUID(req.pack_id)) throw notFound();
    return this.ledger.transaction(async (tx) => {
      const pack = await this.packs.findForUpdate(tx, req.workspace_id, req.pack_id);
      if (!pack?.entry_id) throw notFound();
      if (pack.refunded_at) throw new AppError('conflict', 'This decision pack was already refunded.');
      const now = this.clock.now();
      if (!isRefundable(new Date(pack.purchased_at), now)) {
        throw new AppError('conflict', 'A decision pack can be refunded only within 24 hours of purchase.');
      }
      const balance = await this.ledger.lockBalance(tx, req.workspace_id, 'decisions');
      const creditedAfter = await this.ledger.creditsAfter(tx, req.workspace_id, 'decisions', pack.entry_id);
      const unused = unusedDecisions({ size: pack.size, balance, creditedAfter });
      let balanceAfter = balance;
      if (unused > 0) {
        const entry = await this.ledger.append(tx, {
          workspaceId: req.workspace_id,
          asset: 'decisions',
          amount: -unused,
          reason: 'pack_refund',
          reference: pack.id,
          idempotencyKey: `pack_refund:${pack.id}`,
          createdAt: now,
        });
        balanceAfter = entry.balance_after;
        await this.lowBalance.afterEntry(tx, entry);
      }
      const refunded = await this.packs.markRefunded(tx, pack.id, now, unused);
      // Inside the transaction: if the provider refuses, nothing is taken back.
      await this.payments.refund({ provider: pack.provider, reference: pack.provider_reference }, unused, pack.size);
      return toDecisionPackResponse(refunded, balanceAfter);
    });
  }
}

function replayPurchase(earlier: PackRow, req: PurchasePackRequest): DecisionPackResponse {
  if (earlier.size !== req.size) {
    throw new AppError('idempotency_key_reused', 'This Idempotency-Key was already used for a different pack.');
  }
  return toDecisionPackResponse(earlier, earlier.balance_after ?? 0);
}
