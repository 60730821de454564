/** Codes of engagement routes (comments, reactions, views) whose target is checked by the registry. */
export enum ContentErrorCode {
  CONTENT_NOT_FOUND = 'CONTENT_NOT_FOUND',
}
