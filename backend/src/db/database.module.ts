import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import type { DatabaseHandle } from './database';
import { transactionalDb, Transactions } from './transactions';

export const DATABASE = Symbol('DATABASE');
export const DATABASE_HANDLE = Symbol('DATABASE_HANDLE');

/** Start-up work that every replica would otherwise repeat at once (DatabaseHandle.whileStartupLocked). */
export class StartupLock {
  constructor(private readonly handle: DatabaseHandle) {}

  run<T>(work: () => Promise<T>): Promise<T> {
    return this.handle.whileStartupLocked(work);
  }
}

/** Injects the drizzle database; only repositories should ask for it. */
export const InjectDb = (): ParameterDecorator => Inject(DATABASE);

@Global()
@Module({})
export class DatabaseModule implements OnApplicationShutdown {
  static forRoot(handle: DatabaseHandle) {
    return {
      module: DatabaseModule,
      providers: [
        { provide: DATABASE_HANDLE, useValue: handle },
        { provide: DATABASE, useValue: transactionalDb(handle.db) },
        { provide: Transactions, useValue: new Transactions(handle.db) },
        { provide: StartupLock, useValue: new StartupLock(handle) },
      ],
      exports: [DATABASE, DATABASE_HANDLE, Transactions, StartupLock],
    };
  }

  constructor(@Inject(DATABASE_HANDLE) private readonly handle: DatabaseHandle) {}

  async onApplicationShutdown(): Promise<void> {
    await this.handle.close().catch(() => undefined);
  }
}
