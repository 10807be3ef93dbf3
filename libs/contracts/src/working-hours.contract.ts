import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsString, Matches, Max, MaxLength, Min, ValidateNested } from '@app/validation';

/** HH:MM on a 24-hour clock; 24:00 closes at the end of the day. */
export const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** One opening range on a weekday (0 = Sunday … 6 = Saturday), local wall-clock times. */
export class WorkingHoursRange {
  /** 0 = Sunday … 6 = Saturday */
  @IsInt()
  @Min(0)
  @Max(6)
  day: number;

  /**
   * Local time, HH:MM (24-hour)
   * @example "09:00"
   */
  @Matches(CLOCK_TIME, { message: 'open must be HH:MM (24-hour)' })
  open: string;

  /**
   * Local time, HH:MM, after open (24:00 = end of day)
   * @example "17:00"
   */
  @Matches(CLOCK_TIME, { message: 'close must be HH:MM (24-hour), after open' })
  close: string;
}

/** A widget's opening hours: when its team is in (`open_now`). */
export class WorkingHours {
  /**
   * IANA time zone
   * @example "Asia/Riyadh"
   */
  @IsString()
  @MaxLength(64)
  time_zone: string;

  /** The opening ranges, any number per weekday. */
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => WorkingHoursRange)
  weekly: WorkingHoursRange[];
}
