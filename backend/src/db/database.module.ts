import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import type { DatabaseHandle } from './database';

export const DATABASE = Symbol('DATABASE');
export const DATABASE_HANDLE = Symbol('DATABASE_HANDLE');

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
        { provide: DATABASE, useValue: handle.db },
      ],
      exports: [DATABASE, DATABASE_HANDLE],
    };
  }

  constructor(@Inject(DATABASE_HANDLE) private readonly handle: DatabaseHandle) {}

  async onApplicationShutdown(): Promise<void> {
    await this.handle.close().catch(() => undefined);
  }
}
