import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiErrors } from '../../common/errors/api-errors.decorator';
import { REQUIRES_VERIFIED_EMAIL } from '../../common/auth/auth.decorators';
import { AuthErrorCode } from './auth.errors';

/** The route needs a confirmed email address: the guard answers 403 EMAIL_NOT_VERIFIED otherwise. */
export const VerifiedEmail = () =>
  applyDecorators(
    SetMetadata(REQUIRES_VERIFIED_EMAIL, true),
    ApiErrors({ 403: [AuthErrorCode.EMAIL_NOT_VERIFIED] }),
  );

export const EMAIL_NOT_VERIFIED_MSG =
  'Please confirm your email address first: open the link we emailed you, or ask for a new one.';
