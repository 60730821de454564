import { Injectable } from '@nestjs/common';
import { and, count, desc, eq, inArray, lt, SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { InjectDb } from '../../db/database.module';
import { PageWindow } from '../../common/pagination/pagination';
import { AuditTargetType } from './audit.actions';
import { auditLog, AuditRow, NewAuditRow } from './audit.schema';

export interface AuditFilters {
  action?: string;
  targetId?: string;
}

@Injectable()
export class AuditRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async create(values: NewAuditRow): Promise<AuditRow> {
    const [row] = await this.db.insert(auditLog).values(values).returning();
    return row;
  }

  async list(filters: AuditFilters, window: PageWindow) {
    const conditions: SQL[] = [];
    if (filters.action) conditions.push(eq(auditLog.action, filters.action));
    if (filters.targetId) conditions.push(eq(auditLog.targetId, filters.targetId));
    const where = and(...conditions);
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(window.limit)
        .offset(window.offset),
      this.db.select({ total: count() }).from(auditLog).where(where),
    ]);
    return { rows, total };
  }

  /** Retention: deletes up to `limit` of the oldest entries made before `cutoff`; how many went. */
  async deleteBefore(cutoff: Date, limit: number): Promise<number> {
    const batch = this.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(lt(auditLog.createdAt, cutoff))
      .orderBy(auditLog.createdAt, auditLog.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    const rows = await this.db
      .delete(auditLog)
      .where(inArray(auditLog.id, batch))
      .returning({ id: auditLog.id });
    return rows.length;
  }

  /**
   * Replaces a deleted account's name in the entries it made and its name and address in those
   * about it, found by id: an address inside another entry's label is no proof it is this one's.
   */
  async anonymise(userId: string, label: string): Promise<void> {
    await this.db.update(auditLog).set({ actorName: label }).where(eq(auditLog.actorId, userId));
    await this.db
      .update(auditLog)
      .set({ targetLabel: label })
      .where(and(eq(auditLog.targetType, AuditTargetType.USER), eq(auditLog.targetId, userId)));
  }

  /** Replaces the label of the entries about these items (erased with an account). */
  async relabelTargets(type: AuditTargetType, ids: string[], label: string): Promise<void> {
    if (!ids.length) return;
    await this.db
      .update(auditLog)
      .set({ targetLabel: label })
      .where(and(eq(auditLog.targetType, type), inArray(auditLog.targetId, ids)));
  }
}
