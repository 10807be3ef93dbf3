import type { BookingAction, BookingStatus, LeadSide } from '@app/contracts';
import { AppError } from '@app/errors';
import { localTimeOf } from '../slots/slot-times';

interface Move {
  side: LeadSide;
  from: readonly BookingStatus[];
  to: BookingStatus;
}

/**
 * Spec 3's booking moves, with `rejected` (the dashboard's), `proposed` (the broker offers
 * another time) and `rescheduled` (the buyer accepted it: a new booking replaces this one).
 */
export const BOOKING_MOVES: Record<BookingAction, Move> = {
  confirm: { side: 'broker', from: ['pending'], to: 'confirmed' },
  reject: { side: 'broker', from: ['pending'], to: 'rejected' },
  propose: { side: 'broker', from: ['pending', 'confirmed'], to: 'proposed' },
  complete: { side: 'broker', from: ['confirmed'], to: 'completed' },
  cancel: { side: 'buyer', from: ['pending', 'confirmed', 'proposed'], to: 'cancelled' },
  accept: { side: 'buyer', from: ['proposed'], to: 'rescheduled' },
};

/** The state `action` leads to; the wrong side → 403, an illegal move → 409 invalid_state naming the current one. */
export function nextBookingStatus(current: BookingStatus, action: BookingAction, side: LeadSide): BookingStatus {
  const move = BOOKING_MOVES[action];
  if (move.side !== side) {
    throw new AppError('forbidden', `Only the ${move.side} may ${action} a booking.`);
  }
  if (!move.from.includes(current)) {
    throw new AppError('invalid_state', `A ${current} booking cannot be ${pastTense(action)}.`, { state: current });
  }
  return move.to;
}

/**
 * A viewing is completed once it has taken place: completing it before its start is 409
 * invalid_state naming the start (UTC and on the listing's clock), checked after the move's
 * own rule so a booking that is not confirmed still names its state.
 */
export function assertViewingStarted(
  booking: { status: BookingStatus; scheduled_at: Date; time_zone: string },
  now: Date,
): void {
  const startsAt = new Date(booking.scheduled_at);
  if (startsAt.getTime() <= now.getTime()) return;
  throw new AppError(
    'invalid_state',
    `This viewing starts at ${startsAt.toISOString()} (${localTimeOf(startsAt, booking.time_zone)} on the ` +
      "listing's clock): it can be completed only once it has started.",
    { state: booking.status, details: { scheduled_at: startsAt.toISOString() } },
  );
}

function pastTense(action: BookingAction): string {
  return {
    confirm: 'confirmed',
    reject: 'rejected',
    propose: 'moved',
    complete: 'completed',
    cancel: 'cancelled',
    accept: 'accepted',
  }[action];
}
