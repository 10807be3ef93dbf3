import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BILLING_ASSETS, pageFrom, pageOf } from '@app/contracts';
import type {
  BalanceRequest,
  BalanceResponse,
  DebitRequest,
  DebitResponse,
  LedgerPageResponse,
  LedgerRequest,
  PaidBalanceResponse,
  RefundRequest,
  RefundResponse,
  SetLowBalanceThresholdRequest,
  WelcomeRequest,
  WorkspaceCreatedPayload,
} from '@app/contracts';
import { InjectConfig } from '@app/config';
import type { AppConfig } from '@app/config';
import { AppError, insufficientBalance } from '@app/errors';
import { Clock } from '../clock/clock';
import { billingConfig } from '../config/billing.env';
import { LowBalanceService } from '../low-balance/low-balance.service';
import { PlansService } from '../plans/plans.service';
import { LedgerEntryExists, LedgerRepository } from './ledger.repository';
import type { LedgerEntryRow } from './ledger.repository';
import { toBalanceResponse, toLedgerEntryResponse } from './ledger.dto';
import { paidBalance } from './paid-balance';

export const debitKey = (requestId: string) => `debit:${requestId}`;
export const refundKey = (debitEntryId: string) => `refund:${debitEntryId}`;
export const welcomeKey = (workspaceId: string) => `welcome:${workspaceId}`;

/** Balances change only here, through ledger entries. */
@Injectable()
export class LedgerService {
  constructor(
    private readonly ledger: LedgerRepository,
    private readonly clock: Clock,
    private readonly lowBalance: LowBalanceService,
    private readonly plans: PlansService,
    @InjectConfig(billingConfig) private readonly config: AppConfig<typeof billingConfig>,
  ) {}

  /**
   * Atomic and idempotent on `request_id`: a replay gets the first result and is charged
   * once. One round trip on the way through; a short balance or a replay costs one more.
   */
  async debit(req: DebitRequest): Promise<DebitResponse> {
    const key = debitKey(req.request_id);
    try {
      const entry = await this.ledger.debit({
        workspaceId: req.workspace_id,
        asset: req.asset,
        amount: req.amount,
        reference: req.reference ?? req.reason,
        idempotencyKey: key,
        createdAt: this.clock.now(),
        defaultThreshold: this.lowBalance.defaultThreshold(req.asset),
        lowBalanceEvent: this.lowBalance.newEvent(),
      });
      if (entry) return { entry_id: entry.id, balance: entry.balance_after };
    } catch (err) {
      if (!(err instanceof LedgerEntryExists)) throw err;
    }
    const first = await this.ledger.findByKey(req.workspace_id, key);
    if (first) return replayDebit(first, req);
    const balance = await this.ledger.balanceOf(this.ledger.manager, req.workspace_id, req.asset);
    throw insufficientBalance(req.asset, req.amount, balance);
  }

  /**
   * Gives back what a debit took (or `amount` of it), once: a second refund of the same debit
   * returns the first.
   */
  async refund(req: RefundRequest): Promise<RefundResponse> {
    const debit = await this.ledger.findById(req.debit_entry_id);
    if (!debit || debit.reason !== 'debit') throw new AppError('not_found', 'There is no such debit.');
    const amount = req.amount ?? -debit.amount;
    if (amount > -debit.amount)
      throw new AppError('validation_error', 'A refund cannot exceed its debit.', { field: 'amount' });
    const earlier = await this.ledger.findReversal(debit.id);
    if (earlier) return { entry_id: earlier.id, balance: earlier.balance_after };
    try {
      const entry = await this.ledger.transaction((tx) =>
        this.ledger.append(tx, {
          workspaceId: debit.workspace_id,
          asset: debit.asset,
          amount,
          reason: 'refund',
          reference: debit.id,
          idempotencyKey: refundKey(debit.id),
          reversesEntryId: debit.id,
          createdAt: this.clock.now(),
        }),
      );
      return { entry_id: entry.id, balance: entry.balance_after };
    } catch (err) {
      if (!(err instanceof LedgerEntryExists)) throw err;
      const first = await this.ledger.findReversal(debit.id);
      if (!first) throw err;
      return { entry_id: first.id, balance: first.balance_after };
    }
  }

  async balance(req: BalanceRequest): Promise<BalanceResponse> {
    const [balances, thresholds] = await Promise.all([
      this.ledger.balances(req.workspace_id),
      this.lowBalance.thresholds(req.workspace_id),
    ]);
    return toBalanceResponse(balances, thresholds);
  }

  /** The balance and its paid part, replayed from the ledger (paid-balance.ts). */
  async paidBalance(req: BalanceRequest): Promise<PaidBalanceResponse> {
    const [decisions, leadCredits] = await Promise.all(
      BILLING_ASSETS.map(async (asset) => paidBalance(await this.ledger.entriesOf(req.workspace_id, asset))),
    );
    return {
      balance: { decisions: decisions.balance, lead_credits: leadCredits.balance },
      paid: { decisions: decisions.paid, lead_credits: leadCredits.paid },
    };
  }

  async setLowBalanceThreshold(req: SetLowBalanceThresholdRequest): Promise<BalanceResponse> {
    await this.ledger.setThreshold(req.workspace_id, req.asset, req.threshold);
    return this.balance(req);
  }

  async page(req: LedgerRequest): Promise<LedgerPageResponse> {
    const paging = pageOf(req);
    return pageFrom(
      await this.ledger.page(req.workspace_id, paging.limit, paging.offset),
      paging,
      toLedgerEntryResponse,
    );
  }

  /**
   * What a new workspace starts with, asked for directly (at sign-up, before the answer): the
   * welcome decisions and this month's lead credits of its plan, so it can spend both at once.
   * The event that also carries them then finds them granted; each grant is its own transaction,
   * so one that an event consumer made meanwhile does not undo the other.
   */
  async welcome(req: WelcomeRequest): Promise<BalanceResponse> {
    await this.grantOnce((tx) => this.grantWelcome(tx, req));
    await this.grantOnce((tx) => this.plans.subscribeNewWorkspace(tx, req));
    return this.balance(req);
  }

  private async grantOnce(grant: (tx: EntityManager) => Promise<unknown>): Promise<void> {
    try {
      await this.ledger.transaction(grant);
    } catch (err) {
      if (!(err instanceof LedgerEntryExists)) throw err; // the event granted it meanwhile
    }
  }

  /**
   * The free allowance of a new broker workspace (`FREE_DECISIONS`), in the event's
   * transaction, once per workspace (`welcome:<id>`).
   */
  async grantWelcome(tx: EntityManager, workspace: WorkspaceCreatedPayload): Promise<void> {
    const amount = workspace.demo ? this.config.DEMO_DECISIONS : this.config.FREE_DECISIONS;
    if (workspace.kind !== 'broker' || amount === 0) return;
    const key = welcomeKey(workspace.workspace_id);
    if (await this.ledger.findByKey(workspace.workspace_id, key, tx)) return;
    await this.ledger.append(tx, {
      workspaceId: workspace.workspace_id,
      asset: 'decisions',
      amount,
      reason: 'welcome',
      reference: workspace.workspace_id,
      idempotencyKey: key,
      createdAt: this.clock.now(),
    });
  }
}

/** The same request id with a different charge is a client bug: 422 idempotency_key_reused. */
export function replayDebit(
  earlier: Pick<LedgerEntryRow, 'id' | 'asset' | 'amount' | 'reason' | 'balance_after'>,
  req: Pick<DebitRequest, 'asset' | 'amount'>,
): DebitResponse {
  if (earlier.reason !== 'debit' || earlier.asset !== req.asset || earlier.amount !== -req.amount) {
    throw new AppError('idempotency_key_reused', 'This request id was already used for a different charge.');
  }
  return { entry_id: earlier.id, balance: earlier.balance_after };
}
