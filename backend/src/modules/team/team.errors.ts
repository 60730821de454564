import { AppException } from '../../common/errors/app-exception';

/** Error codes of the team module. */
export enum TeamErrorCode {
  TEAM_MEMBER_NOT_FOUND = 'TEAM_MEMBER_NOT_FOUND',
  PHOTO_REQUIRED = 'PHOTO_REQUIRED',
}

/** A missing or malformed team member id. */
export const teamMemberNotFound = (): AppException =>
  AppException.notFound('Team member not found', TeamErrorCode.TEAM_MEMBER_NOT_FOUND);
