import { Injectable } from '@nestjs/common';
import { isUUID } from '@app/validation';
import type { DecisionPackResponse, PurchasePackRequest, RefundPackRequest } from '@app/contracts';
import { AppError } from '@app/errors';
import { Clock } from '../clock/clock';
import { LedgerRepository } from '../ledger/ledger.repository';
import { LowBalanceService } from '../low-balance/low-balance.service';
import { InvoicesService } from '../invoices/invoices.service';
import { refundAmount } from '../payments/prices';
import { PurchasesRepository } from '../payments/purchases.repository';
import { PurchasesService } from '../payments/purchases.service';
import { isRefundable, unusedDecisions } from './pack-refund';
import { toDecisionPackResponse, toUnpaidPackResponse } from './packs.dto';
import { PacksRepository } from './packs.repository';
import { PaymentProvider } from './payment-provider';

@Injectable()
export class PacksService {
  constructor(
    private readonly packs: PacksRepository,
    private readonly ledger: LedgerRepository,
    private readonly purchases: PurchasesService,
    private readonly purchaseRows: PurchasesRepository,
    private readonly payments: PaymentProvider,
    private readonly clock: Clock,
    private readonly lowBalance: LowBalanceService,
    private readonly invoices: InvoicesService,
  ) {}

  /**
   * Starts the pack's purchase: paid at once by `manual`, else pending with the provider's
   * checkout page until its webhook settles it. Idempotent per workspace on the key: a retry
   * returns the same purchase.
   */
  async purchase(req: PurchasePackRequest): Promise<DecisionPackResponse> {
    const purchase = await this.purchases.start({
      workspaceId: req.workspace_id,
      product: 'decision_pack',
      quantity: req.size,
      idempotencyKey: req.idempotency_key,
    });
    const pack = purchase.state === 'paid' ? await this.packs.findById(purchase.id) : null;
    if (pack) return toDecisionPackResponse(pack, pack.balance_after ?? 0);
    const { decisions } = await this.ledger.balances(req.workspace_id);
    return toUnpaidPackResponse(purchase, decisions);
  }

  /**
   * Within 24 hours of purchase, takes back the unused part of the pack (oldest credits are
   * used first) and refunds its share of the price through the provider, once.
   */
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
      const purchase = await this.purchaseRows.findById(pack.id, tx);
      const amount = refundAmount(purchase?.amount ?? 0, unused, pack.size);
      if (purchase) await this.invoices.creditNoteFor(tx, purchase, amount, now);
      // Inside the transaction: if the provider refuses, nothing is taken back.
      if (pack.provider === this.payments.name) {
        await this.payments.refund({
          paymentReference: pack.provider_reference,
          amount,
          idempotencyKey: `pack_refund:${pack.id}`,
        });
      }
      return toDecisionPackResponse(refunded, balanceAfter);
    });
  }
}
