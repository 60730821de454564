import { SetMetadata } from '@nestjs/common';
import { ALLOWS_INCOMPLETE_PROFILE } from '../../common/auth/auth.decorators';

/**
 * A member's own account and profile: usable before the profile is complete. Every other members'
 * route answers 403 PROFILE_INCOMPLETE to a member without a country or profession (a first
 * sign-in through a provider that did not give them), as the SPA's /complete-profile asks.
 */
export const BeforeProfileComplete = () => SetMetadata(ALLOWS_INCOMPLETE_PROFILE, true);

export const PROFILE_INCOMPLETE_MSG =
  'Please complete your profile first: add your country and profession.';
