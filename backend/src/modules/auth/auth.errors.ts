/** Error codes of sign-in and registration (values equal names). */
export enum AuthErrorCode {
  PASSWORD_TOO_WEAK = 'PASSWORD_TOO_WEAK',
  LOGIN_BACKOFF = 'LOGIN_BACKOFF',
}
