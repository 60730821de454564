import { randomBytes } from 'node:crypto';
import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { ResponseCache } from '../../common/cache/response-cache';
import { AppConfig } from '../../config/config';
import { StartupLock } from '../../db/database.module';
import { APP_CONFIG } from '../../config/config.module';
import { hashPassword } from '../auth/password';
import { UserRow } from '../users/users.schema';
import { UsersService } from '../users/users.service';
import { DEMO_MEMBERS, DEMO_PASSWORD } from './demo.members';

export interface DemoContext {
  /** The sample members, created or found by email. */
  members: UserRow[];
  /** The admin from ADMIN_EMAIL, when configured. */
  admin?: UserRow;
}

/** A feature's sample content; `seed` must do nothing when its own table already has rows. */
export interface DemoSeeder {
  name: string;
  /** Lower runs first (content before comments about it). */
  order: number;
  seed(context: DemoContext): Promise<void>;
}

/**
 * With SEED_DEMO on, fills an empty database with sample content so a newcomer sees a living
 * site. Features register their seeders in onModuleInit; they run after the members exist.
 * On the embedded database (`npm start`) seeding runs once the server listens instead of before,
 * so the site answers within seconds; `whenSeeded()` resolves once the content is there.
 */
@Injectable()
export class DemoService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Demo');
  private readonly seeders: DemoSeeder[] = [];
  private seeding: Promise<void> = Promise.resolve();
  private started = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
    private readonly cache: ResponseCache,
    private readonly startup: StartupLock,
  ) {}

  register(seeder: DemoSeeder): void {
    this.seeders.push(seeder);
  }

  async onApplicationBootstrap(): Promise<void> {
    // A deployment on PostgreSQL is healthy only with its content; the embedded default starts
    // first and seeds once listening (seedAfterStart), when every bootstrap hook (the admin) is done.
    if (this.enabled() && this.config.databaseUrl) await this.seed();
  }

  /** On the embedded database, starts seeding without waiting for it (main.ts, after listen). */
  seedAfterStart(): void {
    if (!this.enabled() || this.config.databaseUrl || this.started) return;
    this.started = true;
    this.seeding = this.seed().catch((error: unknown) => {
      this.logger.error(`demo content failed: ${error instanceof Error ? error.stack : error}`);
    });
  }

  private enabled(): boolean {
    return this.config.seedDemo && this.config.processRole !== 'worker';
  }

  /** Resolves once demo seeding (if any) has finished. */
  whenSeeded(): Promise<void> {
    return this.seeding;
  }

  /** A stop during seeding waits for it, so the database is not closed under a seeder. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.seeding.catch(() => undefined);
  }

  /** Replicas starting together on an empty database: one seeds, the others then find its content. */
  private seed(): Promise<void> {
    return this.startup.run(() => this.seedUnlocked());
  }

  private async seedUnlocked(): Promise<void> {
    const context: DemoContext = {
      members: await this.ensureMembers(),
      admin: this.config.adminEmail
        ? await this.users.findByEmail(this.config.adminEmail)
        : undefined,
    };
    for (const seeder of [...this.seeders].sort((a, b) => a.order - b.order)) {
      await seeder.seed(context);
    }
    // Seeded after listen, past the HTTP writes that clear it: answers read meanwhile are stale.
    this.cache.invalidate();
    this.logger.log(
      this.config.isProduction
        ? 'demo content ready (its members cannot sign in: NODE_ENV=production)'
        : `demo content ready (members sign in with password ${DEMO_PASSWORD})`,
    );
  }

  /** The published password, except in production, where it would open the accounts to anyone. */
  private demoPassword(): string {
    return this.config.isProduction ? randomBytes(32).toString('base64url') : DEMO_PASSWORD;
  }

  private async ensureMembers(): Promise<UserRow[]> {
    // Hashing costs a noticeable fraction of a second: only when a member is still missing.
    let passwordHash: string | undefined;
    const members: UserRow[] = [];
    for (const member of DEMO_MEMBERS) {
      const found = await this.users.findByEmail(member.email);
      if (found) {
        members.push(found);
        continue;
      }
      passwordHash ??= await hashPassword(this.demoPassword());
      members.push(
        await this.users.create({ ...member, passwordHash, emailVerifiedAt: new Date() }),
      );
    }
    return members;
  }
}
