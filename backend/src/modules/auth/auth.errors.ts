/** Error codes of sign-in, registration and the session token, besides the common ones (values equal names). */
export enum AuthErrorCode {
  INVALID_CREDENTIALS = 'INVALID_CREDENTIALS',
  ACCOUNT_BLOCKED = 'ACCOUNT_BLOCKED',
  PASSWORD_TOO_WEAK = 'PASSWORD_TOO_WEAK',
  LOGIN_BACKOFF = 'LOGIN_BACKOFF',
}
