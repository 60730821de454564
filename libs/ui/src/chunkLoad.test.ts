import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadTimeout, loadWithin } from './chunkLoad';

describe('loadWithin', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fails a load that has not answered in 120 s, and not before', async () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    const outcome = vi.fn();
    loadWithin(() => new Promise(() => undefined)).catch(outcome);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(outcome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toHaveBeenCalledWith(expect.any(ChunkLoadTimeout));
  });

  it('answers what the load answers, and leaves no timer behind', async () => {
    await expect(loadWithin(() => Promise.resolve('chunk'))).resolves.toBe('chunk');
    await expect(loadWithin(() => Promise.reject(new Error('404')))).rejects.toThrow('404');
    expect(vi.getTimerCount()).toBe(0);
  });
});
