import { AppException } from '../../common/errors/app-exception';

/** Codes the notification routes answer besides the common ones. */
export enum NotificationsErrorCode {
  NOTIFICATION_NOT_FOUND = 'NOTIFICATION_NOT_FOUND',
  UNSUBSCRIBE_LINK_INVALID = 'UNSUBSCRIBE_LINK_INVALID',
}

export const notificationNotFound = (): AppException =>
  AppException.notFound('Notification not found', NotificationsErrorCode.NOTIFICATION_NOT_FOUND);

export const unsubscribeLinkInvalid = (): AppException =>
  AppException.badRequest(
    'This unsubscribe link is not valid',
    NotificationsErrorCode.UNSUBSCRIBE_LINK_INVALID,
  );
