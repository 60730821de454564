import { AppException } from '../../common/errors/app-exception';

/** Error codes of the contact module. */
export enum ContactErrorCode {
  CONTACT_MESSAGE_NOT_FOUND = 'CONTACT_MESSAGE_NOT_FOUND',
}

/** A missing or malformed contact message id. */
export const contactMessageNotFound = (): AppException =>
  AppException.notFound('Contact message not found', ContactErrorCode.CONTACT_MESSAGE_NOT_FOUND);

/** The codes of `emailError` in a send's 201 answer (not error answers: the message is saved). */
export enum ContactEmailCode {
  /** The site has no active admin account to write to. */
  NO_RECIPIENTS = 'NO_RECIPIENTS',
  /** The first delivery attempt had not finished when the answer was due; it goes on. */
  EMAIL_PENDING = 'EMAIL_PENDING',
  /** The outbox or the queue could not take the email (the message itself is saved). */
  EMAIL_QUEUE_UNAVAILABLE = 'EMAIL_QUEUE_UNAVAILABLE',
}
