import { Injectable } from '@nestjs/common';
import type { Database } from '../../db/database';
import { InjectDb } from '../../db/database.module';
import { eventReminders } from './reminders.schema';

@Injectable()
export class RemindersRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  /** Claims the reminder; false when another worker already sent it (the key is taken). */
  async markSent(eventId: string, userId: string, startsAt: Date): Promise<boolean> {
    const rows = await this.db
      .insert(eventReminders)
      .values({ eventId, userId, startsAt })
      .onConflictDoNothing()
      .returning({ eventId: eventReminders.eventId });
    return rows.length > 0;
  }
}
