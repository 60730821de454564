import { InProcessQueue } from './in-process.queue';

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
});
