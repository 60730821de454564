/** Codes the auth routes answer besides the common ones. */
export enum AuthErrorCode {
  INVALID_CREDENTIALS = 'INVALID_CREDENTIALS',
}
