import { Injectable } from '@nestjs/common';

/** The figures of the home page's stats band (spec: Home), each counted by its own module. */
export const STAT_NAMES = ['businesses', 'upcomingEvents', 'members', 'enrollments'] as const;
export type StatName = (typeof STAT_NAMES)[number];
export type StatCounter = () => Promise<number>;

/**
 * Lets content modules contribute public counts without the stats module reading their tables:
 * each registers a named counter in onModuleInit. A figure nobody registered reads 0.
 */
@Injectable()
export class StatsRegistry {
  private readonly counters = new Map<StatName, StatCounter>();

  register(name: StatName, counter: StatCounter): void {
    this.counters.set(name, counter);
  }

  /** Every figure, counted in parallel. */
  async counts(): Promise<Record<StatName, number>> {
    const values = await Promise.all(
      STAT_NAMES.map((name) => this.counters.get(name)?.() ?? Promise.resolve(0)),
    );
    return Object.fromEntries(STAT_NAMES.map((name, i) => [name, values[i]])) as Record<
      StatName,
      number
    >;
  }
}
