/** Codes the news routes answer besides the common ones. */
export enum NewsErrorCode {
  NEWS_NOT_FOUND = 'NEWS_NOT_FOUND',
}
