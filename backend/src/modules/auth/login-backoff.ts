import { Injectable } from '@nestjs/common';
import { AppException } from '../../common/errors/app-exception';
import { RateLimitStore } from '../../common/rate-limit/rate-limit.store';
import { AuthErrorCode } from './auth.errors';
import { decoyPasswordHash, verifyPassword } from './password';

/** Failures of one account counted over this window (it opens at the first failure). */
const FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Free failures before the account's sign-in slows down. */
const FREE_FAILURES = 4;
const MAX_DELAY_MS = 15 * 60 * 1000;

const backoffMsg = (wait: string) =>
  `Too many wrong passwords for this account. Please try again ${wait}.`;

/**
 * Repeated wrong passwords for one account wait longer each time (2 s, 4 s, 8 s... at most 15
 * minutes) but never lock the owner out for good: the count expires with its window and a
 * right password clears it. Unknown emails are counted alike, so this reveals no account. Sign-in
 * and the signed-in checks of the current password (password and email change, deletion) share
 * the count: a stolen session cannot guess the password from many addresses either.
 */
@Injectable()
export class LoginBackoff {
  constructor(private readonly store: RateLimitStore) {}

  async assertAllowed(email: string): Promise<void> {
    const block = await this.store.read(blockKey(email), MAX_DELAY_MS);
    if (block.current > 0 && block.ttl > 0) {
      throw AppException.tooManyRequests(AuthErrorCode.LOGIN_BACKOFF, block.ttl, backoffMsg);
    }
  }

  async failed(email: string): Promise<void> {
    const failures = await this.store.incr(failKey(email), FAILURE_WINDOW_MS, 0);
    if (failures.current <= FREE_FAILURES) return;
    const delay = Math.min(1000 * 2 ** (failures.current - FREE_FAILURES), MAX_DELAY_MS);
    await this.store.incr(blockKey(email), delay, 0);
  }

  async succeeded(email: string): Promise<void> {
    await this.store.reset(failKey(email));
  }

  /**
   * A signed-in member's current password, checked within the account's pause and counted: the
   * password and email change and the account's deletion ask through here.
   */
  async checkPassword(
    email: string,
    passwordHash: string | null,
    password: string,
  ): Promise<boolean> {
    await this.assertAllowed(email);
    // A member without a password (OpenID Connect only) has none to match; the decoy keeps the time.
    const right =
      (await verifyPassword(passwordHash ?? (await decoyPasswordHash()), password)) &&
      passwordHash !== null;
    await (right ? this.succeeded(email) : this.failed(email));
    return right;
  }
}

const failKey = (email: string) => `login-fail:${email}`;
const blockKey = (email: string) => `login-block:${email}`;
