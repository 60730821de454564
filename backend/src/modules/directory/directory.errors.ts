import { AppException } from '../../common/errors/app-exception';

/** Stable codes of the directory's errors, for clients to switch on (values equal names). */
export enum DirectoryErrorCode {
  LISTING_NOT_FOUND = 'LISTING_NOT_FOUND',
  LISTING_FORBIDDEN = 'LISTING_FORBIDDEN',
  LISTING_NOT_EDITABLE = 'LISTING_NOT_EDITABLE',
  LISTING_ALREADY_APPROVED = 'LISTING_ALREADY_APPROVED',
  LISTING_ALREADY_REJECTED = 'LISTING_ALREADY_REJECTED',
  TOO_MANY_LISTING_IMAGES = 'TOO_MANY_LISTING_IMAGES',
}

/** A missing, hidden or malformed listing id. */
export const listingNotFound = (): AppException =>
  AppException.notFound('Directory listing not found', DirectoryErrorCode.LISTING_NOT_FOUND);
