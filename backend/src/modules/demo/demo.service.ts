import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../../config/config';
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
 */
@Injectable()
export class DemoService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Demo');
  private readonly seeders: DemoSeeder[] = [];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
  ) {}

  register(seeder: DemoSeeder): void {
    this.seeders.push(seeder);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedDemo || this.config.processRole === 'worker') return;
    const context: DemoContext = {
      members: await this.ensureMembers(),
      admin: this.config.adminEmail
        ? await this.users.findByEmail(this.config.adminEmail)
        : undefined,
    };
    for (const seeder of [...this.seeders].sort((a, b) => a.order - b.order)) {
      await seeder.seed(context);
    }
    this.logger.log(`demo content ready (members sign in with password ${DEMO_PASSWORD})`);
  }

  private async ensureMembers(): Promise<UserRow[]> {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const members: UserRow[] = [];
    for (const member of DEMO_MEMBERS) {
      members.push(
        (await this.users.findByEmail(member.email)) ??
          (await this.users.create({ ...member, passwordHash, emailVerifiedAt: new Date() })),
      );
    }
    return members;
  }
}
