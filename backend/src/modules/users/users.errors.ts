/** Codes the account and profile routes answer besides the common ones. */
export enum UsersErrorCode {
  EMAIL_TAKEN = 'EMAIL_TAKEN',
}
