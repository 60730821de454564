import { Global, Injectable, Module } from '@nestjs/common';

/** Counts of one series per UTC day (`YYYY-MM-DD`); days without activity may be absent. */
export type DailyCounts = { day: string; count: number }[];

export interface ActivitySeriesSource {
  /** Stable key of the series, e.g. `rsvps`; the console names it in the reader's language. */
  key: string;
  /** Counts per UTC day in [from, to). */
  countByDay(from: Date, to: Date): Promise<DailyCounts>;
}

/**
 * The admin dashboard's activity charts, without the activity module reading other modules'
 * tables: each module registers its series in onModuleInit (events: RSVPs, users: registrations;
 * tutorials adds enrollments the same way), and the chart endpoint asks them all.
 */
@Injectable()
export class ActivityRegistry {
  private readonly sources = new Map<string, ActivitySeriesSource>();

  register(source: ActivitySeriesSource): void {
    this.sources.set(source.key, source);
  }

  all(): ActivitySeriesSource[] {
    return [...this.sources.values()];
  }
}

@Global()
@Module({ providers: [ActivityRegistry], exports: [ActivityRegistry] })
export class ActivityRegistryModule {}
