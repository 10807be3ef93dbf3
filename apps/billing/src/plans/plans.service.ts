import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { WorkspaceCreatedPayload } from '@app/contracts';
import { InjectConfig } from '@app/config';
import type { AppConfig } from '@app/config';
import { Clock } from '../clock/clock';
import { billingConfig } from '../config/billing.env';
import { LedgerEntryExists, LedgerRepository } from '../ledger/ledger.repository';
import { parsePlans, periodOf, planGrantKey } from './lead-plans';
import { PlansRepository } from './plans.repository';
import type { Subscription } from './plans.repository';

const BATCH = 500;

/** Lead-credit plans: a monthly allocation granted once per workspace and calendar month (UTC). */
@Injectable()
export class PlansService {
  private readonly plans: Record<string, number>;

  constructor(
    private readonly subscriptions: PlansRepository,
    private readonly ledger: LedgerRepository,
    private readonly clock: Clock,
    @InjectConfig(billingConfig) private readonly config: AppConfig<typeof billingConfig>,
  ) {
    this.plans = parsePlans(config.LEAD_CREDIT_PLANS, config.DEFAULT_LEAD_PLAN);
  }

  /** A new broker workspace joins the default plan and gets this month's credits, in the event's transaction. */
  async subscribeNewWorkspace(tx: EntityManager, workspace: WorkspaceCreatedPayload): Promise<void> {
    if (workspace.kind !== 'broker') return;
    const now = this.clock.now();
    await this.subscriptions.subscribe(tx, workspace.workspace_id, this.config.DEFAULT_LEAD_PLAN, now);
    const key = planGrantKey(periodOf(now));
    if (await this.ledger.findByKey(workspace.workspace_id, key, tx)) return;
    await this.grant(tx, { workspace_id: workspace.workspace_id, plan: this.config.DEFAULT_LEAD_PLAN }, key, now);
  }

  /**
   * Grants this period's allocation to every subscription that lacks it. Safe to run from
   * any number of replicas at once and after restarts: the ledger key `plan:<YYYY-MM>` is
   * unique per workspace, so a second grant fails and is skipped. Returns how many it granted.
   */
  async grantCurrentPeriod(): Promise<number> {
    const now = this.clock.now();
    const key = planGrantKey(periodOf(now));
    let granted = 0;
    const skipped = new Set<string>();
    for (;;) {
      const due = (await this.subscriptions.due(key, BATCH + skipped.size)).filter((s) => !skipped.has(s.workspace_id));
      if (due.length === 0) return granted;
      for (const subscription of due) {
        try {
          const done = await this.ledger.transaction((tx) => this.grant(tx, subscription, key, now));
          if (done) granted += 1;
          else skipped.add(subscription.workspace_id);
        } catch (err) {
          if (!(err instanceof LedgerEntryExists)) throw err;
        }
      }
    }
  }

  /** False when the plan grants nothing (no entry is written). */
  private async grant(tx: EntityManager, subscription: Subscription, key: string, at: Date): Promise<boolean> {
    const amount = this.plans[subscription.plan] ?? 0;
    if (amount === 0) return false;
    await this.ledger.append(tx, {
      workspaceId: subscription.workspace_id,
      asset: 'lead_credits',
      amount,
      reason: 'plan_grant',
      reference: subscription.plan,
      idempotencyKey: key,
      createdAt: at,
    });
    return true;
  }
}
