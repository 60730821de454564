import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from './database';

interface Scope {
  tx: Database;
  afterCommit: Array<() => void>;
}

const scope = new AsyncLocalStorage<Scope>();

/**
 * The database the repositories see: inside `Transactions.run` every query (in any repository)
 * joins that transaction, so a change and the email it causes commit or roll back together.
 */
export function transactionalDb(db: Database): Database {
  return new Proxy(db, {
    get(target, property) {
      const current = scope.getStore()?.tx ?? target;
      const value: unknown = Reflect.get(current, property, current);
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
}

/** Runs work in one transaction shared by every repository, and callbacks after it commits. */
export class Transactions {
  constructor(private readonly db: Database) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (scope.getStore()) return work();
    const afterCommit: Array<() => void> = [];
    const result = await this.db.transaction((tx) =>
      scope.run({ tx: tx as unknown as Database, afterCommit }, work),
    );
    afterCommit.forEach((callback) => callback());
    return result;
  }

  /** Whether this code runs inside `run` (an error there must abort, not be swallowed). */
  static active(): boolean {
    return scope.getStore() !== undefined;
  }

  /** Runs `callback` once the current transaction commits, or now when there is none. */
  static afterCommit(callback: () => void): void {
    const current = scope.getStore();
    if (current) current.afterCommit.push(callback);
    else callback();
  }
}
