import { Injectable } from '@nestjs/common';
import { DECISION_ABANDONED } from '@app/contracts';
import type { DecisionAbandonedPayload } from '@app/contracts';
import { EventConsumer, OnEvent } from '@app/messaging';
import type { DomainEvent } from '@app/messaging';
import { BILLING_DATABASE } from '../database/billing.database';
import { LedgerRepository } from '../ledger/ledger.repository';
import { LedgerService, refundKey } from '../ledger/ledger.service';

/**
 * A decision whose process died mid-request: whatever debit was made under its id (none if it
 * died before debiting) is refunded. Each refund reverses its debit once, so a redelivered
 * event, or a refund the request had made itself, changes nothing.
 */
@Injectable()
@EventConsumer(BILLING_DATABASE)
export class DecisionAbandonedConsumer {
  constructor(
    private readonly ledger: LedgerService,
    private readonly entries: LedgerRepository,
  ) {}

  @OnEvent({ subject: DECISION_ABANDONED, name: 'abandoned-decision-refund' })
  async onDecisionAbandoned(event: DomainEvent<DecisionAbandonedPayload>): Promise<void> {
    const { workspace_id, decision_id } = event.payload;
    for (const debit of await this.entries.findDebitsByReference(workspace_id, `decision:${decision_id}`))
      await this.ledger.refund({ debit_entry_id: debit.id, request_id: refundKey(debit.id) });
  }
}
