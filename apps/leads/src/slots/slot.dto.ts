import type { SlotResponse, SlotRuleResponse } from '@app/contracts';
import type { SlotRow, SlotRuleRow } from './slots.repository';
import { localTimeOf } from './slot-times';

export function toSlotResponse(row: SlotRow): SlotResponse {
  const startsAt = new Date(row.starts_at);
  return {
    object: 'slot',
    id: row.id,
    property_id: row.listing_id,
    starts_at: startsAt.toISOString(),
    local_time: localTimeOf(startsAt, row.time_zone),
    time_zone: row.time_zone,
    duration_minutes: row.duration_minutes,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export function toSlotRuleResponse(row: SlotRuleRow): SlotRuleResponse {
  return {
    object: 'slot_rule',
    id: row.id,
    property_id: row.listing_id,
    weekday: row.weekday,
    local_time: row.local_time,
    time_zone: row.time_zone,
    duration_minutes: row.duration_minutes,
    from: row.valid_from,
    until: row.valid_until,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export function toRule(row: SlotRuleRow) {
  return {
    weekday: row.weekday,
    local_time: row.local_time,
    time_zone: row.time_zone,
    duration_minutes: row.duration_minutes,
    from: row.valid_from,
    until: row.valid_until,
  };
}
