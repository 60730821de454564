import { Injectable } from '@nestjs/common';
import { ActivityRegistry } from '../../common/activity/activity-registry';
import { ActivityDto } from './activity.dto';

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Daily series of every registered source over the last `days` UTC days, zeros filled in. */
@Injectable()
export class ActivityService {
  constructor(private readonly registry: ActivityRegistry) {}

  async series(days: number, now = new Date()): Promise<ActivityDto> {
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const from = new Date(today - (days - 1) * DAY_MS);
    const to = new Date(today + DAY_MS);
    const dates = Array.from({ length: days }, (_, i) =>
      isoDay(new Date(from.getTime() + i * DAY_MS)),
    );
    const series = await Promise.all(
      this.registry.all().map(async (source) => {
        const counts = new Map(
          (await source.countByDay(from, to)).map((row) => [row.day, Number(row.count)]),
        );
        const points = dates.map((date) => ({ date, count: counts.get(date) ?? 0 }));
        return {
          key: source.key,
          total: points.reduce((sum, point) => sum + point.count, 0),
          points,
        };
      }),
    );
    return { from: dates[0], to: dates[dates.length - 1], series };
  }
}
