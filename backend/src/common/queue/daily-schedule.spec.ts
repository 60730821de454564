import { Logger } from '@nestjs/common';
import { DailySchedule, RESCHEDULE_AFTER_MS } from './daily-schedule';
import type { JobQueue } from './jobs';

describe('DailySchedule', () => {
  const job = {
    schedulerId: 'retention.daily',
    name: 'retention.purge' as const,
    data: {},
    at: { hour: 3, minute: 17 },
  };
  const logger = new Logger('DailySchedule spec');

  beforeEach(() => {
    jest.useFakeTimers();
    jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.useRealTimers());

  /** A queue whose first `failures` scheduleDaily calls fail, as while Redis is away. */
  function queueAwayFor(failures: number) {
    let calls = 0;
    const scheduleDaily = jest.fn(async () => {
      calls++;
      if (calls <= failures) throw new Error('Redis away');
    });
    return { queue: { scheduleDaily } as unknown as JobQueue, scheduleDaily };
  }

  it('schedules once when the queue answers', async () => {
    const { queue, scheduleDaily } = queueAwayFor(0);
    new DailySchedule(queue, job, logger).start();
    await jest.advanceTimersByTimeAsync(3 * RESCHEDULE_AFTER_MS);
    expect(scheduleDaily).toHaveBeenCalledTimes(1);
    expect(scheduleDaily).toHaveBeenCalledWith('retention.daily', 'retention.purge', {}, job.at);
  });

  it('tries again a minute later while the queue is away, then stops trying', async () => {
    const { queue, scheduleDaily } = queueAwayFor(2);
    new DailySchedule(queue, job, logger).start();
    await jest.advanceTimersByTimeAsync(RESCHEDULE_AFTER_MS - 1);
    expect(scheduleDaily).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(scheduleDaily).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(5 * RESCHEDULE_AFTER_MS);
    expect(scheduleDaily).toHaveBeenCalledTimes(3);
    expect(logger.warn).toHaveBeenCalledTimes(2);
  });

  it('never tries again after stop (a process shutting down)', async () => {
    const { queue, scheduleDaily } = queueAwayFor(10);
    const daily = new DailySchedule(queue, job, logger);
    daily.start();
    await jest.advanceTimersByTimeAsync(0);
    daily.stop();
    await jest.advanceTimersByTimeAsync(5 * RESCHEDULE_AFTER_MS);
    expect(scheduleDaily).toHaveBeenCalledTimes(1);
  });
});
