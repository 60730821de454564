import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Observable, Subject, filter, map } from 'rxjs';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { RedisChannel } from '../../common/queue/redis-channel';

interface LiveMessage {
  userId: string;
  notificationId: string;
}

/**
 * The live side of notifications (ADR 0061): a committed notification is published on one Redis
 * channel and every replica hands it to the streams its members have open there. Without
 * REDIS_URL there is one process and the message stays in it. A message lost (Redis away) costs
 * nothing but its speed: the page polls the list, which is the database.
 */
@Injectable()
export class NotificationsLive implements OnApplicationShutdown {
  private readonly logger = new Logger('NotificationsLive');
  private readonly local = new Subject<LiveMessage>();
  /** Undefined without REDIS_URL: one process, the message stays in it. */
  private readonly channel?: RedisChannel;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    if (!config.redisUrl) return;
    this.channel = new RedisChannel(config.redisUrl, `${config.queuePrefix}:notifications`, {
      message: (text) => {
        const message = parse(text);
        if (message) this.local.next(message);
      },
      warn: (message) => this.logger.warn(message),
    });
  }

  /** True once this replica hears the others (or there are none). */
  get listening(): boolean {
    return this.channel?.listening ?? true;
  }

  /** Tells every replica; call after the notification's transaction committed. */
  publish(userId: string, notificationId: string): void {
    const message: LiveMessage = { userId, notificationId };
    if (!this.channel) {
      this.local.next(message);
      return;
    }
    this.channel.publish(JSON.stringify(message)).catch((error: Error) => {
      // The row is committed; the page finds it at its next poll.
      this.logger.warn(`could not publish a notification: ${error.message}`);
    });
  }

  /** The ids of a member's new notifications as they arrive on this replica. */
  of(userId: string): Observable<string> {
    return this.local.pipe(
      filter((message) => message.userId === userId),
      map((message) => message.notificationId),
    );
  }

  onApplicationShutdown(): void {
    this.local.complete();
    this.channel?.close();
  }
}

function parse(text: string): LiveMessage | undefined {
  try {
    const value = JSON.parse(text) as Partial<LiveMessage>;
    return typeof value.userId === 'string' && typeof value.notificationId === 'string'
      ? { userId: value.userId, notificationId: value.notificationId }
      : undefined;
  } catch {
    return undefined;
  }
}
