import type { Notification } from '@diaspora/api-client';
import { dateFormat, intlLocale } from '@diaspora/i18n';
import type { TFunction } from 'i18next';

/** An event's start on the venue's clock, with its zone, in the reader's language. */
function whenOf(data: Notification['data'], language: string): string {
  if (!data.startsAt) return '';
  return dateFormat(intlLocale(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: data.timeZone,
  }).format(new Date(data.startsAt));
}

/** What a notification says, in the reader's language, from what was recorded when it happened. */
export function notificationText(
  notification: Notification,
  t: TFunction<'notifications'>,
  language: string,
): string {
  const { kind, data } = notification;
  const values = {
    title: data.title ?? '',
    actor: data.actorName ?? '',
    excerpt: data.excerpt ?? '',
    venue: data.venue ?? '',
    when: whenOf(data, language),
    status: data.status ? t(`statuses.${data.status}`, { defaultValue: data.status }) : '',
  };
  if (kind === 'comment_reply' && !data.title) return t('text.comment_reply_untitled', values);
  return t(`text.${kind}`, values);
}

/** The line under it: a rejection's reason, or a cancellation's refund. */
export function notificationDetail(
  notification: Notification,
  t: TFunction<'notifications'>,
): string | undefined {
  const { kind, data } = notification;
  if ((kind === 'listing_rejected' || kind === 'enrollment_status') && data.reason) {
    return t('reason', { reason: data.reason });
  }
  if (kind === 'event_cancelled' && data.refunded) return t('refunded');
  return undefined;
}
