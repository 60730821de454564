import { Injectable, OnModuleInit } from '@nestjs/common';
import { AccountDataRegistry } from '../../common/account/account-data-registry';
import { AuthUser } from '../../common/auth/auth.decorators';
import { paginated, pageWindow } from '../../common/pagination/pagination';
import { AuditAction, AuditTargetType } from './audit.actions';
import { AuditListDto, AuditQueryDto, toAuditEntryDto } from './audit.dto';
import { AuditRepository } from './audit.repository';
import { auditLog } from './audit.schema';

export interface AuditRecord {
  action: AuditAction;
  target: { type: AuditTargetType; id: string; label: string };
  details?: Record<string, string>;
}

/** The admin audit log: any module records its admin actions here; the console reads them. */
/** What the log shows in place of a deleted account's name and address. */
export const DELETED_MEMBER_LABEL = 'Deleted member';

@Injectable()
export class AuditService implements OnModuleInit {
  constructor(
    private readonly entries: AuditRepository,
    private readonly accountData: AccountDataRegistry,
  ) {}

  onModuleInit(): void {
    // The log keeps what was done and when; who it was done by or to reads "Deleted member".
    this.accountData.register({
      key: 'auditLog',
      tables: [auditLog],
      erase: (owner) => this.entries.anonymise(owner.id, DELETED_MEMBER_LABEL),
    });
  }

  async record(actor: AuthUser, entry: AuditRecord): Promise<void> {
    await this.entries.create({
      actorId: actor.id,
      actorName: actor.name,
      action: entry.action,
      targetType: entry.target.type,
      targetId: entry.target.id,
      targetLabel: entry.target.label,
      details: entry.details ?? {},
    });
  }

  /**
   * Another module erased these items with an account: the entries about them keep what was done,
   * and their label (which may name the member) reads "Deleted member".
   */
  forgetTargets(type: AuditTargetType, ids: string[]): Promise<void> {
    return this.entries.relabelTargets(type, ids, DELETED_MEMBER_LABEL);
  }

  /** Retention: deletes one batch (up to `limit`) of the entries made before `cutoff`. */
  deleteBatchBefore(cutoff: Date, limit: number): Promise<number> {
    return this.entries.deleteBefore(cutoff, limit);
  }

  async list(query: AuditQueryDto): Promise<AuditListDto> {
    const window = pageWindow(query, 20);
    const { rows, total } = await this.entries.list(
      { action: query.action, targetId: query.targetId },
      window,
    );
    return paginated('entries', rows.map(toAuditEntryDto), total, window);
  }
}
