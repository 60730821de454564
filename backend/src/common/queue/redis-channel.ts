import Redis from 'ioredis';
import { redisOptions } from './bullmq.queue';

export interface RedisChannelListener {
  /** A message another process (or this one) published. */
  message(text: string): void;
  /** The subscription is (again) live: messages sent while it was down are lost. */
  ready?(): void;
  warn(message: string): void;
}

/**
 * One pub/sub channel between the replicas over Redis: a subscriber that reconnects, and a
 * publisher that fails fast (no offline queue, half a second at most) so a write never waits on
 * Redis; what is lost while Redis is away costs the listeners their own fallback.
 */
export class RedisChannel {
  private readonly subscriber: Redis;
  private readonly publisher: Redis;

  constructor(
    redisUrl: string,
    private readonly name: string,
    listener: RedisChannelListener,
  ) {
    this.subscriber = new Redis(redisOptions(redisUrl));
    this.publisher = new Redis({
      ...redisOptions(redisUrl),
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: 500,
    });
    this.subscriber.on('message', (_channel: string, text: string) => listener.message(text));
    if (listener.ready) this.subscriber.on('ready', () => listener.ready?.());
    for (const connection of [this.subscriber, this.publisher]) {
      connection.on('error', (error: Error) => listener.warn(error.message));
    }
    void this.subscriber.subscribe(name).catch((error: Error) => listener.warn(error.message));
  }

  /** True while this process hears what the others publish. */
  get listening(): boolean {
    return this.subscriber.status === 'ready';
  }

  publish(text: string): Promise<number> {
    return this.publisher.publish(this.name, text);
  }

  close(): void {
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }
}
