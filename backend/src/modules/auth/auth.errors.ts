/** Error codes of sign-in, registration and the session token, besides the common ones (values equal names). */
export enum AuthErrorCode {
  INVALID_CREDENTIALS = 'INVALID_CREDENTIALS',
  ACCOUNT_BLOCKED = 'ACCOUNT_BLOCKED',
  PASSWORD_TOO_WEAK = 'PASSWORD_TOO_WEAK',
  LOGIN_BACKOFF = 'LOGIN_BACKOFF',
  /** A password reset link that is unknown, used or older than its hour. */
  RESET_LINK_INVALID = 'RESET_LINK_INVALID',
  /** A verification or email-change link that is unknown, used or expired. */
  EMAIL_LINK_INVALID = 'EMAIL_LINK_INVALID',
  /** The route needs a confirmed email address (listing submission, course enrolment). */
  EMAIL_NOT_VERIFIED = 'EMAIL_NOT_VERIFIED',
  /** A member without a country or profession, on a route other than their account and profile. */
  PROFILE_INCOMPLETE = 'PROFILE_INCOMPLETE',
  EMAIL_ALREADY_VERIFIED = 'EMAIL_ALREADY_VERIFIED',
  /** Change password or email: the current password given is wrong. */
  CURRENT_PASSWORD_WRONG = 'CURRENT_PASSWORD_WRONG',
  /** Change email to the address the account already has. */
  EMAIL_UNCHANGED = 'EMAIL_UNCHANGED',
}
