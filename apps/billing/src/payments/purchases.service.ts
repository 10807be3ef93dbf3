import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { BILLING_PURCHASE_COMPLETED, BILLING_PURCHASE_FAILED, pageFrom, pageOf } from '@app/contracts';
import type {
  PaymentWebhookRequest,
  PurchaseProduct,
  PurchaseSettledPayload,
  PurchasesPageResponse,
  PurchasesRequest,
} from '@app/contracts';
import { Outbox } from '@app/messaging';
import { AppError } from '@app/errors';
import { AppConfig, InjectConfig } from '@app/config';
import { isUUID } from '@app/validation';
import { Clock } from '../clock/clock';
import { billingConfig } from '../config/billing.env';
import { LedgerRepository } from '../ledger/ledger.repository';
import { InvoicesService } from '../invoices/invoices.service';
import { PacksRepository } from '../packs/packs.repository';
import type { DecisionPackSize } from '@app/contracts';
import { PaymentProvider } from '../packs/payment-provider';
import type { PaymentEvent } from '../packs/payment-provider';
import { parsePackPrices, priceOf } from './prices';
import { toPurchaseResponse } from './purchases.dto';
import { PurchasesRepository } from './purchases.repository';
import type { PurchaseRow } from './purchases.repository';

export interface Order {
  workspaceId: string;
  product: PurchaseProduct;
  quantity: number;
  /** The client's Idempotency-Key, or a fresh one: a retry with it returns the same purchase. */
  idempotencyKey?: string;
}

/**
 * A purchase's life: recorded `pending` (committed before the provider hears of it, so its
 * webhook always finds the row), a checkout at the provider, then settled once, by the
 * provider's signed webhook (or at once by `manual`): `paid` credits the ledger in the same
 * transaction, with its tax invoice; `failed` and `expired` end it without credit.
 */
@Injectable()
export class PurchasesService {
  private readonly logger = new Logger(PurchasesService.name);
  private readonly prices: { packs: Map<number, number>; leadCredit: number };

  constructor(
    private readonly purchases: PurchasesRepository,
    private readonly packs: PacksRepository,
    private readonly ledger: LedgerRepository,
    private readonly payments: PaymentProvider,
    private readonly clock: Clock,
    private readonly invoices: InvoicesService,
    private readonly outbox: Outbox,
    @InjectConfig(billingConfig) private readonly config: AppConfig<typeof billingConfig>,
  ) {
    this.prices = { packs: parsePackPrices(config.DECISION_PACK_PRICES), leadCredit: config.LEAD_CREDIT_PRICE };
  }

  /** Starts (or, with the same key, returns) a purchase; twins of one key make one purchase and one checkout. */
  async start(order: Order): Promise<PurchaseRow> {
    const key = order.idempotencyKey ?? randomUUID();
    const price = priceOf(this.prices, order.product, order.quantity);
    const purchase =
      (await this.purchases.insertPending({
        id: randomUUID(),
        workspace_id: order.workspaceId,
        product: order.product,
        quantity: order.quantity,
        amount: price.amount,
        currency: this.config.PAYMENTS_CURRENCY,
        provider: this.payments.name,
        idempotency_key: key,
        created_at: this.clock.now(),
      })) ?? (await this.purchases.findByKey(order.workspaceId, order.product, key));
    if (!purchase) throw new AppError('conflict', 'The purchase changed meanwhile; try again.');
    if (purchase.quantity !== order.quantity) {
      throw new AppError('idempotency_key_reused', 'This Idempotency-Key was already used for another purchase.');
    }
    if (purchase.state !== 'pending' || purchase.session_reference) return purchase;
    // Not yet at the provider: this request (or its twin, with the same provider idempotency key) takes it there.
    let result;
    try {
      result = await this.payments.checkout({
        purchaseId: purchase.id,
        workspaceId: purchase.workspace_id,
        product: purchase.product,
        quantity: purchase.quantity,
        amount: purchase.amount,
        currency: purchase.currency,
        description: price.description,
      });
    } catch (err) {
      await this.purchases.deleteUnstarted(purchase.id);
      throw err instanceof AppError ? err : new AppError('payment_unavailable', 'The payment provider is unavailable.');
    }
    if (result.state === 'paid') {
      return this.purchases.transaction((tx) => this.settle(tx, purchase.id, 'paid', result.paymentReference));
    }
    const started = await this.purchases.setCheckout(purchase.id, result.sessionReference, result.checkoutUrl);
    if (!started) throw new AppError('payment_unavailable', 'The payment provider is unavailable.');
    return started;
  }

  /**
   * A provider's webhook: verified (raw body and signature), recorded once by event id (a
   * redelivery, or its twin arriving at the same time, waits on the first's row and changes
   * nothing), then applied to the purchase it names, once.
   */
  async webhook(req: PaymentWebhookRequest): Promise<{ received: true }> {
    if (req.provider !== this.payments.name) {
      throw new AppError('not_found', 'This platform takes no webhooks from that payment provider.');
    }
    const event = this.payments.parseWebhook(req.payload, req.signature);
    await this.purchases.transaction(async (tx) => {
      const purchaseId = event.purchaseId && isUUID(event.purchaseId) ? event.purchaseId : null;
      const first = await this.purchases.recordEvent(tx, { provider: req.provider, ...event, purchaseId });
      if (!first || event.outcome === 'ignored') return;
      const purchase = purchaseId ? await this.purchases.lock(tx, purchaseId) : null;
      if (!purchase || purchase.workspace_id !== event.workspaceId || purchase.provider !== req.provider) {
        this.logger.warn(`Payment event ${event.eventId} (${event.type}) names no purchase of its workspace: ignored`);
        return;
      }
      await this.settle(tx, purchase.id, event.outcome, event.paymentReference, event);
    });
    return { received: true };
  }

  async page(req: PurchasesRequest): Promise<PurchasesPageResponse> {
    const paging = pageOf(req);
    return pageFrom(
      await this.purchases.page(req.workspace_id, paging.limit, paging.offset),
      paging,
      toPurchaseResponse,
    );
  }

  /** Ends a pending purchase once; `paid` credits its pack or lead credits in the same transaction. */
  private async settle(
    tx: EntityManager,
    id: string,
    outcome: Exclude<PaymentEvent['outcome'], 'ignored'>,
    paymentReference: string | null,
    event?: PaymentEvent,
  ): Promise<PurchaseRow> {
    const purchase = await this.purchases.lock(tx, id);
    if (!purchase) throw new AppError('not_found', 'There is no such purchase.');
    if (purchase.state !== 'pending') {
      if (event) this.logger.warn(`Payment event ${event.eventId} for a purchase already ${purchase.state}: ignored`);
      return purchase;
    }
    const now = this.clock.now();
    if (outcome === 'paid') await this.credit(tx, purchase, paymentReference ?? purchase.id, now);
    const settled = await this.purchases.settle(tx, purchase.id, outcome, now, paymentReference);
    await this.outbox.add<PurchaseSettledPayload>(
      tx,
      outcome === 'paid' ? BILLING_PURCHASE_COMPLETED : BILLING_PURCHASE_FAILED,
      {
        workspace_id: settled.workspace_id,
        purchase_id: settled.id,
        product: settled.product,
        quantity: settled.quantity,
        state: outcome,
        amount: settled.amount,
        currency: settled.currency,
        provider: settled.provider,
        settled_at: now.toISOString(),
      },
    );
    if (outcome === 'paid') await this.invoices.issueFor(tx, settled, now);
    return settled;
  }

  private async credit(tx: EntityManager, purchase: PurchaseRow, paymentReference: string, now: Date): Promise<void> {
    if (purchase.product === 'lead_credits') {
      await this.ledger.append(tx, {
        workspaceId: purchase.workspace_id,
        asset: 'lead_credits',
        amount: purchase.quantity,
        reason: 'lead_credit_purchase',
        reference: purchase.id,
        idempotencyKey: `lead_credits:${purchase.idempotency_key}`,
        createdAt: now,
      });
      return;
    }
    const pack = await this.packs.insert(tx, {
      id: purchase.id,
      workspace_id: purchase.workspace_id,
      size: purchase.quantity as DecisionPackSize,
      provider: purchase.provider,
      provider_reference: paymentReference,
      idempotency_key: purchase.idempotency_key,
      purchased_at: now,
    });
    if (!pack) throw new Error(`pack of purchase ${purchase.id} exists already`);
    const entry = await this.ledger.append(tx, {
      workspaceId: purchase.workspace_id,
      asset: 'decisions',
      amount: pack.size,
      reason: 'pack_purchase',
      reference: pack.id,
      idempotencyKey: `pack:${pack.id}`,
      createdAt: now,
    });
    await this.packs.setEntry(tx, pack.id, entry.id);
  }
}
