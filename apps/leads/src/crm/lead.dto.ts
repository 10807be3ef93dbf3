import type { LeadResponse } from '@app/contracts';
import type { LeadRow } from './leads.repository';

/** The buyer's contact shows only once the lead is paid for. */
export function toLeadResponse(row: LeadRow): LeadResponse {
  return {
    object: 'lead',
    id: row.id,
    property_id: row.listing_id,
    user_id: row.buyer_id,
    stage: row.stage,
    outcome: row.outcome,
    locked: row.locked,
    contact: row.locked
      ? null
      : {
          name: row.buyer_name,
          email: row.buyer_email ?? '',
          phone: row.buyer_phone,
          preferred_contact: row.preferred_contact,
        },
    source: row.source,
    charged_at: row.charged_at === null ? null : new Date(row.charged_at).toISOString(),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}
