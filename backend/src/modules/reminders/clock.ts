import { Injectable } from '@nestjs/common';

/** The time the reminders read; tests replace `now` to stand at any moment. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
