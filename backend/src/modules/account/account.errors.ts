/** Error codes of the member's own data routes (export and deletion), besides the common ones. */
export enum AccountErrorCode {
  ACCOUNT_PASSWORD_INCORRECT = 'ACCOUNT_PASSWORD_INCORRECT',
  LAST_ADMIN = 'LAST_ADMIN',
  DELETION_LINK_INVALID = 'DELETION_LINK_INVALID',
}
