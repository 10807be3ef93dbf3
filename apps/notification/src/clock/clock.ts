import { Injectable } from '@nestjs/common';

/** The time the digest rule reads (its 15-minute windows); tests replace `now`. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
