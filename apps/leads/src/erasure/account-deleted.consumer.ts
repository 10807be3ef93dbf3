import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { IDENTITY_ACCOUNT_DELETED } from '@app/contracts';
import type { AccountDeletedPayload } from '@app/contracts';
import { EventConsumer, OnEvent } from '@app/messaging';
import type { DomainEvent } from '@app/messaging';
import { LEADS_DATABASE } from '../database/leads.database';

/** How a deleted buyer appears to the broker, whose threads and bookings stay. */
export const DELETED_USER_NAME = 'deleted user';

/**
 * A buyer deleted their account: the broker keeps the inquiries, messages and bookings (the
 * broker's own records), with the buyer's name, e-mail and phone gone. Viewings still ahead
 * are cancelled: nobody is coming. Idempotent.
 */
@Injectable()
@EventConsumer(LEADS_DATABASE)
export class AccountDeletedConsumer {
  @OnEvent({ subject: IDENTITY_ACCOUNT_DELETED, name: 'account-erasure' })
  async onAccountDeleted(event: DomainEvent<AccountDeletedPayload>, tx: EntityManager): Promise<void> {
    const accountId = event.payload.account_id;
    await tx.query(
      `UPDATE leads.leads SET buyer_name = $2, buyer_email = NULL, buyer_phone = NULL WHERE buyer_id = $1`,
      [accountId, DELETED_USER_NAME],
    );
    await tx.query(
      `UPDATE leads.bookings
          SET user_phone = NULL, notes = NULL,
              status = CASE WHEN status IN ('pending', 'confirmed', 'proposed') AND scheduled_at > now()
                            THEN 'cancelled' ELSE status END,
              reason = CASE WHEN status IN ('pending', 'confirmed', 'proposed') AND scheduled_at > now()
                            THEN 'account deleted' ELSE reason END,
              updated_at = now()
        WHERE buyer_id = $1`,
      [accountId],
    );
    await tx.query(`UPDATE leads.surveys SET comment = NULL WHERE buyer_id = $1`, [accountId]);
  }
}
