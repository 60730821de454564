import { AppException } from '../../common/errors/app-exception';

/** Codes the news routes answer besides the common ones. */
export enum NewsErrorCode {
  NEWS_NOT_FOUND = 'NEWS_NOT_FOUND',
}

/** A missing or malformed news article id. */
export const newsNotFound = (): AppException =>
  AppException.notFound('News article not found', NewsErrorCode.NEWS_NOT_FOUND);
