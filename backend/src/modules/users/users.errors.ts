/** Error codes of the users module (admin actions on accounts). */
export enum UsersErrorCode {
  USER_NOT_FOUND = 'USER_NOT_FOUND',
  CANNOT_BLOCK_SELF = 'CANNOT_BLOCK_SELF',
  CANNOT_BLOCK_ADMIN = 'CANNOT_BLOCK_ADMIN',
  CANNOT_CHANGE_OWN_ROLE = 'CANNOT_CHANGE_OWN_ROLE',
}
