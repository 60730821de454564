import { AppException } from '../../common/errors/app-exception';

/** Error codes of the account, profile and admin user routes, besides the common ones (values equal names). */
export enum UsersErrorCode {
  EMAIL_TAKEN = 'EMAIL_TAKEN',
  USER_NOT_FOUND = 'USER_NOT_FOUND',
  CANNOT_BLOCK_SELF = 'CANNOT_BLOCK_SELF',
  CANNOT_BLOCK_ADMIN = 'CANNOT_BLOCK_ADMIN',
  CANNOT_CHANGE_OWN_ROLE = 'CANNOT_CHANGE_OWN_ROLE',
}

/** A missing or malformed user id. */
export const userNotFound = (): AppException =>
  AppException.notFound('User not found', UsersErrorCode.USER_NOT_FOUND);
