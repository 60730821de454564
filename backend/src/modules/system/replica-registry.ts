import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { Redis } from 'ioredis';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { redisOptions } from '../../common/queue/bullmq.queue';
import { API_VERSION } from '../../version';
import { Lifecycle } from '../health/lifecycle';
import type { ReplicaDto } from './system.dto';

/** How often each process reports itself, and how long a report stands without a next one. */
const REPORT_EVERY_MS = 10_000;
const REPORT_TTL_SECONDS = 30;

/**
 * Every API replica and worker on one Redis, for the System view: each process writes its own
 * state under a key that expires unless renewed, so a stopped process drops off the list within
 * 30 s. Without Redis there is one process, and the list is this one.
 */
@Injectable()
export class ReplicaRegistry implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ReplicaRegistry');
  private readonly redis?: Redis;
  private readonly key: string;
  private readonly prefix: string;
  private timer?: NodeJS.Timeout;
  private lastError = '';

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly lifecycle: Lifecycle,
  ) {
    this.prefix = `${config.queuePrefix}:replica:`;
    // The host and pid, and an instance id: tests run several apps in one process.
    this.key = `${this.prefix}${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    if (!config.redisUrl) return;
    this.redis = new Redis({
      ...redisOptions(config.redisUrl),
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: 500,
    });
    this.redis.on('error', (error: Error) => {
      if (error.message === this.lastError) return;
      this.lastError = error.message;
      this.logger.warn(`redis: ${error.message}`);
    });
  }

  /** This process as it is now. */
  self(): ReplicaDto {
    const memory = process.memoryUsage();
    const uptime = process.uptime();
    return {
      hostname: hostname(),
      pid: process.pid,
      role: this.config.processRole,
      version: API_VERSION,
      commit: this.config.commit ?? null,
      nodeVersion: process.version,
      startedAt: new Date(Date.now() - uptime * 1000).toISOString(),
      uptimeSeconds: Math.round(uptime),
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
      ready: !this.lifecycle.draining,
      reportedAt: new Date().toISOString(),
    };
  }

  onApplicationBootstrap(): void {
    if (!this.redis) return;
    // On every (re)connection too: with no offline queue, a report sent while Redis is still
    // connecting is dropped, and the process would be missing from the list until the next tick.
    this.redis.on('ready', () => void this.report());
    void this.report();
    this.timer = setInterval(() => void this.report(), REPORT_EVERY_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    // Gone from the list at once rather than after its report expires.
    await this.redis?.del(this.key).catch(() => undefined);
    this.redis?.disconnect();
  }

  private async report(): Promise<void> {
    await this.redis
      ?.set(this.key, JSON.stringify(this.self()), 'EX', REPORT_TTL_SECONDS)
      .catch(() => undefined);
  }

  /**
   * Every process's last report, this one as it is now, ordered by host and process; only this
   * one when Redis is unset or does not answer.
   */
  async all(): Promise<ReplicaDto[]> {
    const self = this.self();
    let others: ReplicaDto[] = [];
    if (this.redis) {
      try {
        const keys: string[] = [];
        let cursor = '0';
        do {
          const [next, found] = await this.redis.scan(
            cursor,
            'MATCH',
            `${this.prefix}*`,
            'COUNT',
            100,
          );
          keys.push(...found.filter((key) => key !== this.key));
          cursor = next;
        } while (cursor !== '0');
        const values = keys.length ? await this.redis.mget(...keys) : [];
        others = values.flatMap((value) => (value ? [JSON.parse(value) as ReplicaDto] : []));
      } catch {
        // Redis away: the System view still shows the process that answered.
      }
    }
    return [self, ...others].sort((a, b) => a.hostname.localeCompare(b.hostname) || a.pid - b.pid);
  }
}
