import { KeyedBatches } from './keyed-batches';

describe('KeyedBatches', () => {
  it('runs the first item at once and the ones that came meanwhile together, in order', async () => {
    const batches: Array<[string, number[]]> = [];
    const batcher = new KeyedBatches<number, number>(async (key, items) => {
      batches.push([key, items]);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return items.map((item) => ({ value: item * 10 }));
    }, 3);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) => batcher.submit(n === 6 ? 'other' : 'event', n)),
    );
    expect(answers).toEqual([10, 20, 30, 40, 50, 60]);
    // At most 3 a batch; another key does not wait for this one.
    expect(batches).toEqual([
      ['event', [1]],
      ['other', [6]],
      ['event', [2, 3, 4]],
      ['event', [5]],
    ]);
    expect(batcher.waiting).toBe(0);
  });

  it("gives one item its own error, and a batch's failure to each of its items", async () => {
    let calls = 0;
    const batcher = new KeyedBatches<number, number>(async (_key, items) => {
      calls++;
      if (calls === 2) throw new Error('database down');
      return items.map((item) =>
        item === 1 ? { error: new Error('no ticket') } : { value: item },
      );
    }, 10);
    const answers = await Promise.allSettled([1, 2, 3].map((n) => batcher.submit('event', n)));
    expect(answers).toEqual([
      { status: 'rejected', reason: new Error('no ticket') },
      { status: 'rejected', reason: new Error('database down') },
      { status: 'rejected', reason: new Error('database down') },
    ]);
    // The key starts afresh after a failure.
    await expect(batcher.submit('event', 4)).resolves.toBe(4);
  });
});
