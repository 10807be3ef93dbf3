import type { BookingAction, BookingStatus, LeadSide } from '@app/contracts';
import { AppError } from '@app/errors';

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
