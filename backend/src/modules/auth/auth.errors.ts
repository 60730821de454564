/** Error codes of sign-in and the session token. */
export enum AuthErrorCode {
  INVALID_CREDENTIALS = 'INVALID_CREDENTIALS',
  ACCOUNT_BLOCKED = 'ACCOUNT_BLOCKED',
}
