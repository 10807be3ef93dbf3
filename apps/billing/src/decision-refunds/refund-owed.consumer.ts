import { Injectable } from '@nestjs/common';
import { DECISION_REFUND_OWED } from '@app/contracts';
import type { RefundOwedPayload } from '@app/contracts';
import { EventConsumer, OnEvent } from '@app/messaging';
import type { DomainEvent } from '@app/messaging';
import { BILLING_DATABASE } from '../database/billing.database';
import { LedgerService } from '../ledger/ledger.service';

/**
 * A decision that failed after its debit, whose refund the decision service could not ask
 * for in the request (billing was unreachable): refunded now. The refund reverses its debit
 * once, so an event delivered again, or a refund that did land after all, changes nothing.
 */
@Injectable()
@EventConsumer(BILLING_DATABASE)
export class RefundOwedConsumer {
  constructor(private readonly ledger: LedgerService) {}

  @OnEvent({ subject: DECISION_REFUND_OWED, name: 'decision-refund' })
  async onRefundOwed(event: DomainEvent<RefundOwedPayload>): Promise<void> {
    await this.ledger.refund({
      debit_entry_id: event.payload.debit_entry_id,
      request_id: `refund:${event.payload.debit_entry_id}`,
      ...(event.payload.amount ? { amount: event.payload.amount } : {}),
    });
  }
}
