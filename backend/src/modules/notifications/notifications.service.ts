import { Inject, Injectable, MessageEvent, OnModuleInit } from '@nestjs/common';
import { concat, defer, from, interval, map, merge, mergeMap, Observable } from 'rxjs';
import { AccountDataRegistry } from '../../common/account/account-data-registry';
import { ContentRegistry, type ContentType } from '../../common/content/content-registry';
import { AppException } from '../../common/errors/app-exception';
import { FieldErrorCode } from '../../common/errors/common.errors';
import { paginated, pageWindow } from '../../common/pagination/pagination';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { Transactions } from '../../db/transactions';
import type { MailUnsubscribe } from '../mail/mail.layout';
import {
  DEFAULT_PREFERENCE,
  EmailFrequency,
  KindPreference,
  NOTIFICATION_KINDS,
  NotificationKind,
  TRANSACTIONAL_KINDS,
} from './notification-kinds';
import {
  MarkedReadDto,
  NotificationDto,
  NotificationListDto,
  NotificationPreferenceDto,
  NotificationPreferencesDto,
  NotificationQueryDto,
  UnsubscribedDto,
} from './notifications.dto';
import { notificationNotFound, unsubscribeLinkInvalid } from './notifications.errors';
import { NotificationsLive } from './notifications.live';
import { NotificationsRepository } from './notifications.repository';
import {
  NotificationData,
  notificationPreferences,
  NotificationRow,
  notifications,
  weeklyDigests,
} from './notifications.schema';
import { UnsubscribeKind, UnsubscribeTokens } from './unsubscribe-token';
import { WeeklyDigestRepository } from './weekly-digest.repository';

/**
 * The item a notification opens: any content type (a generated feature's too, as comments reach
 * it), or the courses page for an enrolment.
 */
export type NotificationTargetType = ContentType | 'tutorials';

/** Something that happened to a member, as the module that made the change tells it. */
export interface Notice {
  userId: string;
  kind: NotificationKind;
  target: { type: NotificationTargetType; id?: string | null; commentId?: string };
  data: NotificationData;
  /**
   * Sends this kind's email (into the outbox, in the same transaction), carrying the unsubscribe
   * link it is given; called only when the member's preference says "immediately", and always,
   * without a link, for a transactional kind.
   */
  email?: (unsubscribe: MailUnsubscribe | undefined) => Promise<unknown>;
}

/** Keeps a stream open through proxies that close idle connections (nginx: 60 s). */
const HEARTBEAT_MS = 25_000;

/**
 * Notifications (ADR 0060): written in the caller's transaction beside the change and its
 * outbox email, listed from the database, pushed live after the commit (ADR 0061).
 */
@Injectable()
export class NotificationsService implements OnModuleInit {
  private readonly tokens: UnsubscribeTokens;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: NotificationsRepository,
    private readonly live: NotificationsLive,
    private readonly accountData: AccountDataRegistry,
    private readonly content: ContentRegistry,
    private readonly weekly: WeeklyDigestRepository,
  ) {
    this.tokens = new UnsubscribeTokens(config.jwtSecret);
  }

  onModuleInit(): void {
    this.accountData.register({
      key: 'notifications',
      tables: [notifications, notificationPreferences, weeklyDigests],
      export: async (owner) => ({
        notifications: (await this.repository.ofMember(owner.id)).map((row) => ({
          kind: row.kind,
          link: this.linkOf(row),
          data: row.data,
          read: row.readAt !== null,
          shown: row.shown,
          createdAt: row.createdAt,
        })),
        preferences: await this.preferences(owner.id),
        weeklyDigest: await this.weekly.isEnabled(owner.id),
      }),
      // The rows go with the account row (ON DELETE CASCADE), last: deleting them first would
      // lock them before the account's listings, while an admin deleting one of those listings
      // holds the listing and waits to mark these rows gone (a deadlock).
      erase: async () => undefined,
    });
    // A deleted item's notifications say it is gone (in the deletion's transaction).
    this.content.onRemoved((type, id) => this.repository.markTargetGone(type, id));
  }

  /**
   * Records a notice in the current transaction (call it inside the change's `Transactions.run`)
   * and, as the member chose, emails it; the live stream hears of it once the change commits.
   */
  async notify(notice: Notice): Promise<void> {
    const preference = await this.preferenceOf(notice.userId, notice.kind);
    const transactional = TRANSACTIONAL_KINDS.has(notice.kind);
    const row = await this.repository.create({
      userId: notice.userId,
      kind: notice.kind,
      targetType: notice.target.type,
      targetId: notice.target.id ?? null,
      commentId: notice.target.commentId ?? null,
      data: notice.data,
      shown: preference.inPage,
      digestPending: !transactional && preference.email === EmailFrequency.daily,
    });
    if (notice.email) {
      if (transactional) await notice.email(undefined);
      else if (preference.email === EmailFrequency.immediately)
        await notice.email(this.unsubscribeFor(notice.userId, notice.kind));
    }
    if (row.shown) Transactions.afterCommit(() => this.live.publish(notice.userId, row.id));
  }

  /** The one-click link (RFC 8058) and the preferences page an email to this member carries. */
  unsubscribeFor(userId: string, kind: UnsubscribeKind): MailUnsubscribe {
    const token = this.tokens.sign(userId, kind);
    return {
      url: `${this.config.publicUrl}/api/notifications/unsubscribe?token=${token}`,
      preferencesUrl: `${this.config.publicUrl}/notifications/preferences`,
    };
  }

  /** Comments deleted: notifications of replies among them say so. */
  commentsRemoved(ids: readonly string[]): Promise<void> {
    return this.repository.markCommentsGone(ids);
  }

  async list(userId: string, query: NotificationQueryDto): Promise<NotificationListDto> {
    const window = pageWindow(query, 20);
    const [{ rows, total }, unread] = await Promise.all([
      this.repository.page(userId, window),
      this.repository.unreadCount(userId),
    ]);
    return {
      ...paginated(
        'notifications',
        rows.map((row) => this.toDto(row)),
        total,
        window,
      ),
      unread,
    };
  }

  unreadCount(userId: string): Promise<number> {
    return this.repository.unreadCount(userId);
  }

  async markRead(userId: string, id: string): Promise<MarkedReadDto> {
    if (!(await this.repository.markRead(userId, id))) throw notificationNotFound();
    return { unread: await this.repository.unreadCount(userId) };
  }

  async markAllRead(userId: string): Promise<MarkedReadDto> {
    await this.repository.markAllRead(userId);
    return { unread: 0 };
  }

  /**
   * The member's stream: the unread count at once, then each new notification as it is
   * committed on any replica, and a heartbeat. The client reconnects (or polls) when it drops.
   */
  stream(userId: string): Observable<MessageEvent> {
    const initial = defer(() => from(this.repository.unreadCount(userId))).pipe(
      map((unread): MessageEvent => ({ type: 'unread', data: { unread } })),
    );
    const arrivals = this.live.of(userId).pipe(
      mergeMap(async (id): Promise<MessageEvent[]> => {
        const [row] = (await this.repository.ofIds(userId, [id])) ?? [];
        if (!row) return [];
        const unread = await this.repository.unreadCount(userId);
        return [{ type: 'notification', id, data: { notification: this.toDto(row), unread } }];
      }),
      mergeMap((events) => from(events)),
    );
    const heartbeat = interval(HEARTBEAT_MS).pipe(
      map((): MessageEvent => ({ type: 'heartbeat', data: {} })),
    );
    return concat(initial, merge(arrivals, heartbeat));
  }

  async preferences(userId: string): Promise<NotificationPreferencesDto['preferences']> {
    const rows = await this.repository.preferences(userId);
    const chosen = new Map(rows.map((row) => [row.kind, row]));
    return NOTIFICATION_KINDS.map((kind) => {
      const locked = TRANSACTIONAL_KINDS.has(kind);
      const row = chosen.get(kind);
      return {
        kind,
        inPage: row?.inPage ?? DEFAULT_PREFERENCE.inPage,
        email: locked ? EmailFrequency.immediately : (row?.email ?? DEFAULT_PREFERENCE.email),
        emailLocked: locked,
      };
    });
  }

  /** The member's choices: per kind, and the weekly digest (off until they opt in). */
  async choices(userId: string): Promise<NotificationPreferencesDto> {
    return {
      preferences: await this.preferences(userId),
      weeklyDigest: await this.weekly.isEnabled(userId),
    };
  }

  async updatePreferences(
    userId: string,
    changes: NotificationPreferenceDto[],
    weeklyDigest?: boolean,
  ): Promise<NotificationPreferencesDto> {
    const kinds = changes.map((change) => change.kind);
    if (new Set(kinds).size !== kinds.length) {
      throw AppException.invalidField(
        'preferences',
        'Each kind may be given once',
        FieldErrorCode.INVALID,
      );
    }
    const locked = changes.find(
      (change) =>
        TRANSACTIONAL_KINDS.has(change.kind) && change.email !== EmailFrequency.immediately,
    );
    if (locked) {
      throw AppException.invalidField(
        'preferences',
        `${locked.kind} emails are transactional and cannot be turned off`,
        FieldErrorCode.NOT_ALLOWED,
      );
    }
    await this.repository.savePreferences(
      changes.map((change) => ({
        userId,
        kind: change.kind,
        inPage: change.inPage,
        email: change.email,
      })),
    );
    if (weeklyDigest !== undefined) await this.weekly.setEnabled(userId, weeklyDigest);
    return this.choices(userId);
  }

  /** One-click unsubscribe: the signed link turns that kind's email off, no sign-in needed. */
  async unsubscribe(token: string): Promise<UnsubscribedDto> {
    const signed = this.tokens.verify(token);
    if (!signed || (isKind(signed.kind) && TRANSACTIONAL_KINDS.has(signed.kind))) {
      throw unsubscribeLinkInvalid();
    }
    const { userId } = signed;
    if (signed.kind === 'weekly') {
      await this.weekly.setEnabled(userId, false).catch(ignoreDeletedAccount);
      return { msg: 'You will no longer receive these emails', kind: signed.kind };
    }
    // The digest's link stops the digest: every kind emailed daily is turned off.
    const kinds: NotificationKind[] =
      signed.kind === 'digest'
        ? (await this.preferences(userId))
            .filter((preference) => preference.email === EmailFrequency.daily)
            .map((preference) => preference.kind)
        : [signed.kind];
    const rows = await Promise.all(
      kinds.map(async (kind) => ({
        ...(await this.preferenceOf(userId, kind)),
        userId,
        kind,
        email: EmailFrequency.never,
      })),
    );
    await this.repository.savePreferences(rows).catch(ignoreDeletedAccount);
    return { msg: 'You will no longer receive these emails', kind: signed.kind };
  }

  private async preferenceOf(userId: string, kind: NotificationKind): Promise<KindPreference> {
    const row = await this.repository.preference(userId, kind);
    return row ? { inPage: row.inPage, email: row.email } : DEFAULT_PREFERENCE;
  }

  /** The page a notification opens, or null when its item is gone. */
  linkOf(row: NotificationRow): string | null {
    if (row.targetGoneAt) return null;
    if (row.targetType === 'tutorials') return '/tutorials';
    return row.targetId ? `/${row.targetType}/${row.targetId}` : null;
  }

  private toDto(row: NotificationRow): NotificationDto {
    return {
      _id: row.id,
      kind: row.kind,
      link: this.linkOf(row),
      targetGone: row.targetGoneAt !== null,
      data: row.data,
      read: row.readAt !== null,
      createdAt: row.createdAt.toISOString(),
    };
  }
}

function isKind(kind: UnsubscribeKind): kind is NotificationKind {
  return kind !== 'digest' && kind !== 'weekly';
}

/** A link of an account deleted since: nothing to turn off, and nothing to tell. */
function ignoreDeletedAccount(error: unknown): void {
  if (!isForeignKeyViolation(error)) throw error;
}

function isForeignKeyViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string }; code?: string }) ?? {};
  return cause.cause?.code === '23503' || cause.code === '23503';
}
