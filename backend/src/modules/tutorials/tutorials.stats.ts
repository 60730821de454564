import { Injectable, OnModuleInit } from '@nestjs/common';
import { ActivityRegistry } from '../../common/activity/activity-registry';
import { StatsRegistry } from '../stats/stats.registry';
import { EnrollmentsRepository } from './enrollments.repository';

/** The home page's enrollment count and the dashboard's enrollments chart. */
@Injectable()
export class TutorialsStats implements OnModuleInit {
  constructor(
    private readonly stats: StatsRegistry,
    private readonly activity: ActivityRegistry,
    private readonly enrollments: EnrollmentsRepository,
  ) {}

  onModuleInit(): void {
    this.stats.register('enrollments', () => this.enrollments.count());
    this.activity.register({
      key: 'enrollments',
      countByDay: (from, to) => this.enrollments.countByDay(from, to),
    });
  }
}
