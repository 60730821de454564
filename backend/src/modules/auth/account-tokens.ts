import { Injectable, OnModuleInit } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { AccountDataRegistry } from '../../common/account/account-data-registry';
import { AccountTokensRepository } from './account-tokens.repository';
import { AccountTokenPurpose, AccountTokenRow, accountTokens } from './account-tokens.schema';

/** How long each kind of emailed link stays valid. */
export const TOKEN_LIFETIME_MS: Record<AccountTokenPurpose, number> = {
  [AccountTokenPurpose.PASSWORD_RESET]: 60 * 60 * 1000,
  [AccountTokenPurpose.EMAIL_VERIFICATION]: 48 * 60 * 60 * 1000,
  [AccountTokenPurpose.EMAIL_CHANGE]: 24 * 60 * 60 * 1000,
  [AccountTokenPurpose.EMAIL_CHANGE_AT_CURRENT]: 24 * 60 * 60 * 1000,
  [AccountTokenPurpose.ACCOUNT_DELETION]: 60 * 60 * 1000,
  // The hand-off cookie's own two minutes.
  [AccountTokenPurpose.OIDC_HANDOFF]: 2 * 60 * 1000,
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Issues and redeems the one-time links of password reset, verification and email change. */
@Injectable()
export class AccountTokens implements OnModuleInit {
  constructor(
    private readonly tokens: AccountTokensRepository,
    private readonly accountData: AccountDataRegistry,
  ) {}

  onModuleInit(): void {
    // Issue 17: a deleted account's pending links go with it (an email change's new address too);
    // they are secrets, so the export leaves them out.
    this.accountData.register({
      key: 'accountTokens',
      tables: [accountTokens],
      erase: (owner) => this.tokens.deleteOf(owner.id),
    });
  }

  /** A fresh random token (256 bits, URL-safe); only its hash is stored. */
  async issue(userId: string, purpose: AccountTokenPurpose, newEmail?: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.tokens.replace({
      userId,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[purpose]),
      newEmail,
    });
    return token;
  }

  peek(purpose: AccountTokenPurpose, token: string): Promise<AccountTokenRow | undefined> {
    return this.tokens.findLive(purpose, hashToken(token), new Date());
  }

  consume(purpose: AccountTokenPurpose, token: string): Promise<AccountTokenRow | undefined> {
    return this.tokens.consume(purpose, hashToken(token), new Date());
  }

  /** Every pending link of the account, of every kind (its sessions are ending). */
  revokeAll(userId: string): Promise<void> {
    return this.tokens.deleteOf(userId);
  }
}
