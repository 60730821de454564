/** One item's outcome in a batch: its value, or the error only it gets. */
export type BatchOutcome<R> = { value: R } | { error: unknown };

interface Waiting<T, R> {
  item: T;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit per key: items submitted for one key while a batch of that key is running wait in
 * memory (not in the database pool) and go together in the next batch, in the order they came.
 * One batch runs per key at a time; different keys run side by side. `run` answers one outcome per
 * item, in order; if it throws, every item of that batch gets its error.
 */
export class KeyedBatches<T, R> {
  private readonly queues = new Map<string, Waiting<T, R>[]>();

  constructor(
    private readonly run: (key: string, items: T[]) => Promise<BatchOutcome<R>[]>,
    private readonly maxBatch: number,
  ) {}

  submit(key: string, item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const queue = this.queues.get(key);
      if (queue) {
        queue.push({ item, resolve, reject });
        return;
      }
      // No batch of this key is running: this item starts one at once (no added latency alone).
      this.queues.set(key, []);
      void this.drain(key, [{ item, resolve, reject }]);
    });
  }

  /** Items waiting now, across keys (for tests and metrics). */
  get waiting(): number {
    let n = 0;
    for (const queue of this.queues.values()) n += queue.length;
    return n;
  }

  private async drain(key: string, first: Waiting<T, R>[]): Promise<void> {
    let batch = first;
    while (batch.length) {
      try {
        const outcomes = await this.run(
          key,
          batch.map((w) => w.item),
        );
        batch.forEach((w, i) => {
          const outcome = outcomes[i];
          if ('error' in outcome) w.reject(outcome.error);
          else w.resolve(outcome.value);
        });
      } catch (error) {
        batch.forEach((w) => w.reject(error));
      }
      const queue = this.queues.get(key) ?? [];
      batch = queue.splice(0, this.maxBatch);
    }
    this.queues.delete(key);
  }
}
