import { AppException } from '../../common/errors/app-exception';

/** Codes a delivery report carries when the SMTP client gave none of its own (not error answers). */
export enum MailDeliveryCode {
  EMAIL_SEND_FAILED = 'EMAIL_SEND_FAILED',
  EMAIL_UNKNOWN = 'EMAIL_UNKNOWN',
}

/**
 * What a failed delivery is called where a visitor reads it (the contact form's answer): by the
 * SMTP client's code, never its own text, which can name the mail server's address or account.
 * The raw text stays on the outbox row for admins.
 */
export function publicDeliveryMessage(code: string): string {
  if (['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EDNS'].includes(code)) {
    return 'The mail server could not be reached';
  }
  if (code === 'EAUTH') return 'The mail server refused the sign-in of this site';
  if (['EENVELOPE', 'EMESSAGE'].includes(code)) return 'The mail server refused the message';
  return 'The email could not be sent';
}

/** Error codes of the admins' failed-email actions. */
export enum MailErrorCode {
  EMAIL_NOT_FOUND = 'EMAIL_NOT_FOUND',
  EMAIL_NOT_FAILED = 'EMAIL_NOT_FAILED',
}

/** A missing or malformed email id. */
export const emailNotFound = (): AppException =>
  AppException.notFound('Email not found', MailErrorCode.EMAIL_NOT_FOUND);

/** Only a failed email goes back to the outbox: a queued one waits already, a sent one is sent. */
export const emailNotFailed = (status: string): AppException =>
  AppException.conflict(
    `Only a failed email can be retried; this one is ${status}`,
    MailErrorCode.EMAIL_NOT_FAILED,
  );
