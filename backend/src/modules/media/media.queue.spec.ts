import sharp, { type Sharp } from 'sharp';
import { limitConcurrency } from './media.queue';
import { MediaService } from './media.service';
import type { MediaStorage } from './media.storage';

/** A promise resolved from outside, so a test decides when a task ends (no timers). */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((yes, no) => ((resolve = yes), (reject = no)));
  return { promise, resolve, reject };
}

/** Lets every pending promise callback run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('limitConcurrency', () => {
  it('runs one task at a time in arrival order, a failure freeing its place', async () => {
    const limit = limitConcurrency(1);
    const log: string[] = [];
    const gates = [deferred(), deferred(), deferred()];
    const runs = gates.map((gate, i) =>
      limit(async () => {
        log.push(`start ${i}`);
        await gate.promise;
        log.push(`end ${i}`);
        return i;
      }),
    );
    await settle();
    expect(log).toEqual(['start 0']);
    gates[1].resolve(); // finished early, but still waits its turn
    await settle();
    expect(log).toEqual(['start 0']);
    gates[0].reject(new Error('unreadable'));
    await expect(runs[0]).rejects.toThrow('unreadable');
    await settle();
    expect(log).toEqual(['start 0', 'start 1', 'end 1', 'start 2']);
    gates[2].resolve();
    await expect(Promise.all(runs.slice(1))).resolves.toEqual([1, 2]);
  });

  it('runs up to max at once', async () => {
    const limit = limitConcurrency(2);
    const gates = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = gates.map((gate, i) => limit(() => (started.push(i), gate.promise)));
    await settle();
    expect(started).toEqual([0, 1]);
    gates[1].resolve();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    gates[0].resolve();
    gates[2].resolve();
    await Promise.all(runs);
  });
});

describe('MediaService.saveImage', () => {
  it('decodes two images submitted at once one after the other', async () => {
    const storage = { put: jest.fn(async () => undefined) } as unknown as MediaStorage;
    const media = new MediaService(storage);
    const png = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#078930' },
    })
      .png()
      .toBuffer();
    const file = { field: 'images', filename: 'a.png', buffer: png };
    const type = { kind: 'image' as const, mime: 'image/png', ext: 'png', name: 'PNG' };

    let running = 0;
    let most = 0;
    const toBuffer = sharp.prototype.toBuffer;
    const spy = jest.spyOn(sharp.prototype, 'toBuffer').mockImplementation(function (this: Sharp) {
      running++;
      most = Math.max(most, running);
      return (toBuffer.call(this) as Promise<Buffer>).finally(() => running--);
    } as never);
    try {
      const stored = await Promise.all([
        media.saveImage('one', { ...file, type }),
        media.saveImage('two', { ...file, type }),
      ]);
      expect(stored).toHaveLength(2);
      // Each image is decoded twice (display, then thumbnail from it): four calls, never two at once.
      expect(spy).toHaveBeenCalledTimes(4);
      expect(most).toBe(1);
      expect(sharp.concurrency()).toBe(1);
    } finally {
      spy.mockRestore();
    }
  });
});
