import { describe, expect, it } from 'vitest';
import { parseBlock } from './notificationStream';

describe('parseBlock', () => {
  it('reads the unread count and a notification; skips heartbeats and broken data', () => {
    expect(parseBlock('event: unread\ndata: {"unread":3}')).toEqual({ type: 'unread', unread: 3 });
    expect(
      parseBlock('id: n1\nevent: notification\ndata: {"unread":1,"notification":{"_id":"n1"}}'),
    ).toEqual({ type: 'notification', unread: 1, notification: { _id: 'n1' } });
    expect(parseBlock('event: heartbeat\ndata: {}')).toBeUndefined();
    expect(parseBlock('event: unread\ndata: {oops')).toBeUndefined();
  });
});
