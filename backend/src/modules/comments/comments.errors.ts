/** Codes the comment routes answer besides the common ones. */
export enum CommentsErrorCode {
  COMMENT_NOT_FOUND = 'COMMENT_NOT_FOUND',
  NOT_YOUR_COMMENT = 'NOT_YOUR_COMMENT',
}
