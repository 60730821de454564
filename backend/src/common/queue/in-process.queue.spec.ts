import { InProcessQueue } from './in-process.queue';
import { msUntilDaily, msUntilHourly } from './jobs';

describe('InProcessQueue', () => {
  it('runs a job and retries it with backoff until it succeeds', async () => {
    const queue = new InProcessQueue();
    let calls = 0;
    queue.process('mail.send', async () => {
      calls++;
      if (calls < 3) throw new Error('smtp down');
    });
    await queue.add('mail.send', { messageId: 'm1' }, { attempts: 5, backoffMs: 5 });
    await queue.drain(2000);
    expect(calls).toBe(3);
    await queue.close();
  });

  it('adds many jobs at once, each run once per id', async () => {
    const queue = new InProcessQueue();
    const sent: string[] = [];
    queue.process('mail.send', async ({ messageId }) => {
      sent.push(messageId);
    });
    const job = (messageId: string) => ({ data: { messageId }, options: { jobId: messageId } });
    await queue.addMany('mail.send', [job('a'), job('b'), job('a')]);
    await queue.drain(2000);
    expect(sent.sort()).toEqual(['a', 'b']);
    await queue.close();
  });

  it('gives up after the allowed attempts', async () => {
    const queue = new InProcessQueue();
    let calls = 0;
    queue.process('mail.send', async () => {
      calls++;
      throw new Error('always fails');
    });
    await queue.add('mail.send', { messageId: 'm2' }, { attempts: 2, backoffMs: 1 });
    await queue.drain(2000);
    expect(calls).toBe(2);
    await queue.close();
  });

  it('removes a job waiting out its backoff, so the same id added again runs at once', async () => {
    const queue = new InProcessQueue();
    const attempts: string[] = [];
    let smtpUp = false;
    queue.process('mail.send', async ({ messageId }) => {
      attempts.push(messageId);
      if (!smtpUp) throw new Error('smtp down');
    });
    const options = { jobId: 'm3', attempts: 5, backoffMs: 60_000 };
    await queue.add('mail.send', { messageId: 'm3' }, options);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(attempts).toEqual(['m3']);
    // An admin's retry of the failed email: the waiting resend goes, the new job runs now.
    smtpUp = true;
    await queue.remove('m3');
    await queue.add('mail.send', { messageId: 'm3' }, options);
    await queue.drain(2000);
    expect(attempts).toEqual(['m3', 'm3']);
    expect(await queue.counts()).toMatchObject({ waiting: 0, failed: 0 });
    await queue.close();
  });

  it("holds a job delayed past a timer's 24.8-day limit until it is due", async () => {
    jest.useFakeTimers();
    try {
      const queue = new InProcessQueue();
      const ran: string[] = [];
      queue.process('reminder.send', async ({ eventId }) => {
        ran.push(eventId);
      });
      const job = { eventId: 'far', userId: 'u', startsAt: '2030-01-01T00:00:00Z' };
      const DAY = 24 * 60 * 60 * 1000;
      await queue.add('reminder.send', job, { jobId: 'far', delayMs: 40 * DAY });
      await jest.advanceTimersByTimeAsync(39 * DAY);
      expect(ran).toEqual([]);
      await jest.advanceTimersByTimeAsync(DAY + 1000);
      expect(ran).toEqual(['far']);
      await queue.close();
    } finally {
      jest.useRealTimers();
    }
  });

  it('runs a delayed job when due, once per id, and not after it is removed', async () => {
    const queue = new InProcessQueue();
    const ran: string[] = [];
    queue.process('reminder.send', async ({ eventId }) => {
      ran.push(eventId);
    });
    const job = (eventId: string) => ({ eventId, userId: 'u', startsAt: '2030-01-01T00:00:00Z' });
    await queue.add('reminder.send', job('kept'), { jobId: 'kept', delayMs: 30 });
    await queue.add('reminder.send', job('kept'), { jobId: 'kept', delayMs: 30 });
    await queue.add('reminder.send', job('dropped'), { jobId: 'dropped', delayMs: 30 });
    await queue.remove('dropped');
    // A job not yet due is not pending work: drain does not wait for it.
    await queue.drain(10);
    expect(ran).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 80));
    await queue.drain(2000);
    expect(ran).toEqual(['kept']);
    await queue.close();
  });

  it('adds a daily job at its time, once per scheduler id however often it is scheduled', async () => {
    jest.useFakeTimers({ now: new Date('2030-01-01T03:16:00Z') });
    try {
      const queue = new InProcessQueue();
      let runs = 0;
      queue.process('retention.purge', async () => {
        runs++;
      });
      const at = { hour: 3, minute: 17 };
      await queue.scheduleDaily('retention.daily', 'retention.purge', {}, at);
      await queue.scheduleDaily('retention.daily', 'retention.purge', {}, at);
      await jest.advanceTimersByTimeAsync(59_000);
      expect(runs).toBe(0);
      await jest.advanceTimersByTimeAsync(2_000);
      expect(runs).toBe(1);
      await jest.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
      expect(runs).toBe(2);
      await queue.close();
    } finally {
      jest.useRealTimers();
    }
  });

  it('adds an hourly job at its minute of every hour, once per scheduler id', async () => {
    jest.useFakeTimers({ now: new Date('2030-01-01T03:59:00Z') });
    try {
      const queue = new InProcessQueue();
      let runs = 0;
      queue.process('notifications.weekly', async () => {
        runs++;
      });
      await queue.scheduleHourly('weekly', 'notifications.weekly', {}, { minute: 0 });
      await queue.scheduleHourly('weekly', 'notifications.weekly', {}, { minute: 0 });
      await jest.advanceTimersByTimeAsync(59_000);
      expect(runs).toBe(0);
      await jest.advanceTimersByTimeAsync(2_000);
      expect(runs).toBe(1);
      await jest.advanceTimersByTimeAsync(3 * 60 * 60 * 1000);
      expect(runs).toBe(4);
      await queue.close();
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('msUntilHourly', () => {
  it('is the wait until the next such minute past an hour, never zero', () => {
    expect(msUntilHourly({ minute: 0 }, new Date('2030-01-01T03:59:00Z'))).toBe(60 * 1000);
    expect(msUntilHourly({ minute: 0 }, new Date('2030-01-01T04:00:00Z'))).toBe(60 * 60 * 1000);
    expect(msUntilHourly({ minute: 30 }, new Date('2030-01-01T23:45:00Z'))).toBe(45 * 60 * 1000);
  });
});

describe('msUntilDaily', () => {
  it('is the wait until the next such time of day in UTC, never zero', () => {
    const at = { hour: 3, minute: 17 };
    expect(msUntilDaily(at, new Date('2030-01-01T03:00:00Z'))).toBe(17 * 60 * 1000);
    expect(msUntilDaily(at, new Date('2030-01-01T03:17:00Z'))).toBe(24 * 60 * 60 * 1000);
    expect(msUntilDaily(at, new Date('2030-01-01T23:17:00Z'))).toBe(4 * 60 * 60 * 1000);
  });
});
