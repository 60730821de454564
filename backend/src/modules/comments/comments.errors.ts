import { AppException } from '../../common/errors/app-exception';

/** Codes the comment routes answer besides the common ones. */
export enum CommentsErrorCode {
  COMMENT_NOT_FOUND = 'COMMENT_NOT_FOUND',
  NOT_YOUR_COMMENT = 'NOT_YOUR_COMMENT',
}

/** A missing or malformed comment id. */
export const commentNotFound = (): AppException =>
  AppException.notFound('Comment not found', CommentsErrorCode.COMMENT_NOT_FOUND);
