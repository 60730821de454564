import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { MailService } from '../mail/mail.service';
import { UserRow } from '../users/users.schema';
import { AccountTokens } from './account-tokens';
import { AccountTokenPurpose } from './account-tokens.schema';

type Recipient = Pick<UserRow, 'id' | 'name' | 'email' | 'language'>;

/**
 * Issues a one-time link and records the email that carries it (call inside a transaction so
 * both commit together; the outbox sends it after commit).
 */
@Injectable()
export class AccountMail {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly tokens: AccountTokens,
    private readonly mail: MailService,
  ) {}

  async passwordReset(user: Recipient): Promise<void> {
    const token = await this.tokens.issue(user.id, AccountTokenPurpose.PASSWORD_RESET);
    await this.mail.send(
      'passwordReset',
      user.email,
      {
        name: user.name,
        resetUrl: this.link('reset-password', token),
      },
      { language: user.language },
    );
  }

  async verification(user: Recipient): Promise<void> {
    const token = await this.tokens.issue(user.id, AccountTokenPurpose.EMAIL_VERIFICATION);
    await this.mail.send(
      'emailVerification',
      user.email,
      {
        name: user.name,
        verifyUrl: this.link('verify-email', token),
      },
      { language: user.language },
    );
  }

  /** Goes to the new address (no account has it yet, hence the language given): opening it proves the member owns it. */
  async emailChange(user: Recipient, newEmail: string): Promise<void> {
    const token = await this.tokens.issue(user.id, AccountTokenPurpose.EMAIL_CHANGE, newEmail);
    await this.mail.send(
      'emailChangeConfirm',
      newEmail,
      {
        name: user.name,
        newEmail,
        confirmUrl: this.link('confirm-email', token),
      },
      { language: user.language },
    );
  }

  /**
   * A member without a password: the link goes to the current address, whose inbox stands in for
   * the password; opening it makes the change (the new address is then asked to confirm itself).
   */
  async emailChangeAtCurrent(user: Recipient, newEmail: string): Promise<void> {
    const token = await this.tokens.issue(
      user.id,
      AccountTokenPurpose.EMAIL_CHANGE_AT_CURRENT,
      newEmail,
    );
    await this.mail.send(
      'emailChangeRequest',
      user.email,
      { name: user.name, newEmail, confirmUrl: this.link('confirm-email', token) },
      { language: user.language },
    );
  }

  /** A member without a password confirms deleting the account by opening this link. */
  async accountDeletion(user: Recipient): Promise<void> {
    const token = await this.tokens.issue(user.id, AccountTokenPurpose.ACCOUNT_DELETION);
    await this.mail.send(
      'accountDeletionConfirm',
      user.email,
      { name: user.name, confirmUrl: this.link('delete-account', token) },
      { language: user.language },
    );
  }

  /**
   * The token rides in the fragment (`#token=`), which browsers never send to a server nor put in
   * a Referer: it stays out of the proxy's and the API's access logs. The portal page reads it
   * from there (and still from `?token=`, for links sent before).
   */
  private link(page: string, token: string): string {
    return `${this.config.publicUrl}/${page}#token=${encodeURIComponent(token)}`;
  }
}
