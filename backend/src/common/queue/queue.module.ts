import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { BullmqQueue, redisOptions } from './bullmq.queue';
import { InProcessQueue } from './in-process.queue';
import { Metrics } from '../metrics/metrics';
import { JOB_QUEUE, JobObserver, JobQueue } from './jobs';

export const InjectQueue = (): ParameterDecorator => Inject(JOB_QUEUE);

export function createJobQueue(config: AppConfig, metrics?: Metrics): JobQueue {
  const observer: JobObserver | undefined = metrics
    ? (name, result, seconds) => {
        metrics.jobsProcessed.inc({ name, result });
        metrics.jobDuration.observe({ name }, seconds);
      }
    : undefined;
  return config.redisUrl
    ? new BullmqQueue(redisOptions(config.redisUrl), config.queuePrefix, observer)
    : new InProcessQueue(observer);
}

@Global()
@Module({
  providers: [{ provide: JOB_QUEUE, inject: [APP_CONFIG, Metrics], useFactory: createJobQueue }],
  exports: [JOB_QUEUE],
})
export class QueueModule implements OnApplicationShutdown {
  constructor(@Inject(JOB_QUEUE) private readonly queue: JobQueue) {}

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close().catch(() => undefined);
  }
}
