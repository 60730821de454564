/** Error codes of the team module. */
export enum TeamErrorCode {
  TEAM_MEMBER_NOT_FOUND = 'TEAM_MEMBER_NOT_FOUND',
  PHOTO_REQUIRED = 'PHOTO_REQUIRED',
}
