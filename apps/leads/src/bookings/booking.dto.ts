import type { BookingResponse, SurveyResponse } from '@app/contracts';
import { localTimeOf } from '../slots/slot-times';
import type { BookingRow, SurveyRow } from './bookings.repository';

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

/** `user_phone` is the buyer's contact: the broker sees it only once the lead is paid for. */
export function toBookingResponse(row: BookingRow, contactVisible: boolean): BookingResponse {
  const scheduledAt = new Date(row.scheduled_at);
  return {
    id: row.id,
    property_id: row.listing_id,
    user_id: row.buyer_id,
    scheduled_at: scheduledAt.toISOString(),
    local_time: localTimeOf(scheduledAt, row.time_zone),
    duration_minutes: row.duration_minutes,
    status: row.status,
    user_phone: contactVisible ? row.user_phone : null,
    notes: row.notes,
    reason: row.reason,
    proposed_at: iso(row.proposed_at),
    rescheduled_from: row.rescheduled_from,
    rescheduled_to: row.rescheduled_to,
    lead_id: row.lead_id,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

export function toSurveyResponse(row: SurveyRow): SurveyResponse {
  return {
    object: 'survey',
    booking_id: row.booking_id,
    rating: row.rating,
    outcome: row.outcome,
    comment: row.comment,
    created_at: new Date(row.created_at).toISOString(),
  };
}
