import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { InjectDb } from '../../db/database.module';
import { nextUpdatedAt, unchangedSince } from '../../db/edit-version';
import { NewTeamMemberRow, TeamMemberRow, teamMembers } from './team.schema';

@Injectable()
export class TeamRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  /** Founders first, then by the admin's order, then by name. */
  list(filter: { instructorsOnly: boolean }): Promise<TeamMemberRow[]> {
    return this.db
      .select()
      .from(teamMembers)
      .where(filter.instructorsOnly ? eq(teamMembers.isInstructor, true) : undefined)
      .orderBy(desc(teamMembers.isFounder), asc(teamMembers.sortOrder), asc(teamMembers.name));
  }

  async findById(id: string): Promise<TeamMemberRow | undefined> {
    const [row] = await this.db.select().from(teamMembers).where(eq(teamMembers.id, id));
    return row;
  }

  async create(values: NewTeamMemberRow): Promise<TeamMemberRow> {
    const [row] = await this.db.insert(teamMembers).values(values).returning();
    return row;
  }

  async update(id: string, values: Partial<NewTeamMemberRow>): Promise<TeamMemberRow | undefined> {
    const [row] = await this.db
      .update(teamMembers)
      .set(values)
      .where(eq(teamMembers.id, id))
      .returning();
    return row;
  }

  /**
   * The editor's save: with `loadedAt` (the updatedAt the editor was opened with), applied only
   * when the member has not changed since, in the one statement. Each save gets a new updatedAt.
   */
  async edit(
    id: string,
    values: Partial<NewTeamMemberRow>,
    loadedAt: Date | undefined,
  ): Promise<TeamMemberRow | undefined> {
    const [row] = await this.db
      .update(teamMembers)
      .set({ ...values, updatedAt: nextUpdatedAt(teamMembers.updatedAt) })
      .where(and(eq(teamMembers.id, id), unchangedSince(teamMembers.updatedAt, loadedAt)))
      .returning();
    return row;
  }

  async delete(id: string): Promise<TeamMemberRow | undefined> {
    const [row] = await this.db.delete(teamMembers).where(eq(teamMembers.id, id)).returning();
    return row;
  }

  async count(): Promise<number> {
    const [{ total }] = await this.db.select({ total: count() }).from(teamMembers);
    return total;
  }
}
