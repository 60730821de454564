import { CommonErrorCode } from '../errors/common.errors';

/** Codes of engagement routes (comments, reactions, views) whose target is checked by the registry. */
export enum ContentErrorCode {
  CONTENT_NOT_FOUND = 'CONTENT_NOT_FOUND',
}

/** What a public engagement route answers a guest who reaches members-only content (listings). */
export const MEMBERS_ONLY_CONTENT_ERRORS = { 401: [CommonErrorCode.UNAUTHORIZED] };
