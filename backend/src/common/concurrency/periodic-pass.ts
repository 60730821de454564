import type { Logger } from '@nestjs/common';

/**
 * Work that runs every `intervalMs` and whenever it is nudged (after a commit that made some due):
 * passes never overlap, a nudge during one runs another after it, and a failed pass is logged and
 * retried at the next tick. The outbox relay and the reminder sweep each own one.
 */
export class PeriodicPass {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private halted = false;

  constructor(
    private readonly name: string,
    private readonly intervalMs: number,
    private readonly pass: () => Promise<unknown>,
    private readonly logger: Logger,
  ) {}

  /** Set once stop() was called: a long pass checks it between batches. */
  get stopped(): boolean {
    return this.halted;
  }

  /** The first pass now, then one every interval (the timer keeps no process alive). */
  start(): void {
    this.timer = setInterval(() => this.nudge(), this.intervalMs);
    this.timer.unref();
    this.nudge();
  }

  /** Asks for a pass soon. */
  nudge(): void {
    if (this.halted) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.pass()
      .then(() => undefined)
      .catch((error: unknown) => this.logger.warn(`${this.name}: ${String(error)}`))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.nudge();
        }
      });
  }

  /** No more passes; resolves when the one running has ended. */
  async stop(): Promise<void> {
    this.halted = true;
    clearInterval(this.timer);
    await this.running;
  }
}
