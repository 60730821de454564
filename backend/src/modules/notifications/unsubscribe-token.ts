import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../../common/validation/uuid.pipe';
import { isNotificationKind, NotificationKind } from './notification-kinds';

/** What one link turns off: a kind's email, the daily digest or the weekly digest. */
export type UnsubscribeKind = NotificationKind | 'digest' | 'weekly';

/**
 * The signed part of a one-click unsubscribe link (RFC 8058): which member turns which kind off.
 * It does not expire (an old email's link must still work) and only ever turns one kind's email off.
 */
export class UnsubscribeTokens {
  constructor(private readonly secret: string) {}

  /**
   * `digest` names the daily digest (its link turns off every kind emailed daily), `weekly` the
   * weekly digest.
   */
  sign(userId: string, kind: UnsubscribeKind): string {
    const body = Buffer.from(`${userId}.${kind}`).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** The member and kind a token names, or undefined for anything this site did not sign. */
  verify(token: string): { userId: string; kind: UnsubscribeKind } | undefined {
    const [body, mac, extra] = token.split('.');
    if (!body || !mac || extra !== undefined) return undefined;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    const [userId, kind] = Buffer.from(body, 'base64url').toString('utf8').split('.');
    if (!isUuid(userId)) return undefined;
    if (kind === 'digest' || kind === 'weekly') return { userId, kind };
    return isNotificationKind(kind) ? { userId, kind } : undefined;
  }

  private mac(body: string): string {
    return createHmac('sha256', this.secret).update(`unsubscribe:${body}`).digest('base64url');
  }
}
