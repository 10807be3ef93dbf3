import { IsIn, IsISO8601, IsOptional, IsString, MaxLength } from '@app/validation';

export const BROKER_BOOKING_ACTIONS = ['confirm', 'reject', 'propose', 'complete'] as const;
export type BrokerBookingAction = (typeof BROKER_BOOKING_ACTIONS)[number];

/** broker_update_booking_status: the four broker moves of a booking, each one REST route. */
export class BookingStatusDto {
  @IsIn(BROKER_BOOKING_ACTIONS)
  action: BrokerBookingAction;

  @IsOptional()
  @IsString()
  @MaxLength(1000)
  reason?: string;

  /** propose only: the new time (an open slot). */
  @IsOptional()
  @IsISO8601({ strict: true })
  scheduled_at?: string;
}
