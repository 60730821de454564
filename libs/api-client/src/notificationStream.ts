import { authStorage } from './authStorage';
import { getAppConfig } from './runtimeConfig';
import type { Notification } from './types';

/** What the member's stream says: the unread count, and each new notification with it. */
export type NotificationStreamEvent =
  | { type: 'unread'; unread: number }
  | { type: 'notification'; unread: number; notification: Notification };

/**
 * Opens the signed-in member's notification stream (Server-Sent Events, read with fetch so the
 * bearer token goes in a header, never in the URL). Resolves when the stream ends or fails; the
 * caller reconnects or falls back to polling. `signal` closes it.
 */
export async function readNotificationStream(
  onEvent: (event: NotificationStreamEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  const token = authStorage.readToken();
  if (!token) return;
  const origin = getAppConfig().apiOrigin || globalThis.location?.origin || '';
  const response = await fetch(`${origin}/api/notifications/stream`, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
    signal,
  });
  if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = parseBlock(block);
      if (event) onEvent(event);
    }
  }
}

/** One SSE message (`event:` and `data:` lines) as a stream event; heartbeats and others are skipped. */
export function parseBlock(block: string): NotificationStreamEvent | undefined {
  const type = /^event: ?(.*)$/m.exec(block)?.[1];
  const data = [...block.matchAll(/^data: ?(.*)$/gm)].map((match) => match[1]).join('\n');
  if (!data || (type !== 'unread' && type !== 'notification')) return undefined;
  try {
    return { type, ...(JSON.parse(data) as object) } as NotificationStreamEvent;
  } catch {
    return undefined;
  }
}
