import { Injectable } from '@nestjs/common';

/** The time billing rules read (the 24-hour pack refund window); tests replace `now`. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
