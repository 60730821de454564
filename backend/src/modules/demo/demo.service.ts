import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { hashPassword } from '../auth/password';
import { UsersService } from '../users/users.service';

export const DEMO_PASSWORD = 'demo-member-2026';

/** With SEED_DEMO on, an empty database gets sample members so a newcomer sees a living site. */
@Injectable()
export class DemoService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Demo');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedDemo || this.config.processRole === 'worker') return;
    if ((await this.users.count()) > (this.config.adminEmail ? 1 : 0)) return;
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    for (const member of DEMO_MEMBERS) {
      await this.users.create({ ...member, passwordHash });
    }
    this.logger.log(`demo content added (members sign in with password ${DEMO_PASSWORD})`);
  }
}

const DEMO_MEMBERS = [
  {
    name: 'Selam Tesfaye',
    email: 'selam@example.com',
    country: 'United States',
    profession: 'Software Engineer',
    bio: 'Builds payment systems in Seattle; mentors young developers in Addis Ababa.',
    company: 'Cascade Fintech',
    jobTitle: 'Staff Engineer',
    languages: ['Amharic', 'English'],
    skills: ['TypeScript', 'PostgreSQL', 'Mentoring'],
    interests: ['technology', 'education'],
  },
  {
    name: 'Dawit Bekele',
    email: 'dawit@example.com',
    country: 'Germany',
    profession: 'Physician',
    bio: 'Cardiologist in Frankfurt, organising health-awareness evenings for the community.',
    languages: ['Amharic', 'German', 'English'],
    skills: ['Cardiology', 'Public health'],
    interests: ['development', 'culture'],
  },
  {
    name: 'Hanna Girma',
    email: 'hanna@example.com',
    country: 'Canada',
    profession: 'Entrepreneur',
    bio: 'Runs an Ethiopian coffee roastery in Toronto.',
    company: 'Buna House Roasters',
    languages: ['Amharic', 'English', 'French'],
    skills: ['Retail', 'Import and export'],
    interests: ['business', 'culture'],
  },
];
