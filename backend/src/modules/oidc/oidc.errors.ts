/** Error codes of the OIDC routes' answers, besides the common ones (values equal names). */
export enum OidcErrorCode {
  /** No provider by that id is configured. */
  OIDC_PROVIDER_UNKNOWN = 'OIDC_PROVIDER_UNKNOWN',
  /** The provider could not be reached (discovery, token or userinfo request failed). */
  OIDC_PROVIDER_UNAVAILABLE = 'OIDC_PROVIDER_UNAVAILABLE',
  /** The hand-off after the provider's answer is missing or expired. */
  OIDC_SESSION_MISSING = 'OIDC_SESSION_MISSING',
  /** Unlinking would leave the member no way to sign in. */
  OIDC_LAST_SIGN_IN_METHOD = 'OIDC_LAST_SIGN_IN_METHOD',
  /** Unlinking a provider the member has not linked. */
  OIDC_NOT_LINKED = 'OIDC_NOT_LINKED',
}

/**
 * Why a provider's answer ended on the sign-in page (`/login?oidcError=<problem>`) or the profile
 * (`/profile?oidcError=<problem>`): the callback is a redirect, never an error answer.
 */
export enum OidcProblem {
  PROVIDER_UNKNOWN = 'OIDC_PROVIDER_UNKNOWN',
  PROVIDER_UNAVAILABLE = 'OIDC_PROVIDER_UNAVAILABLE',
  /** The member declined at the provider (access_denied) or the provider answered with an error. */
  CONSENT_DENIED = 'OIDC_CONSENT_DENIED',
  /** The answer does not belong to an attempt this browser started (state, or no attempt at all). */
  STATE_MISMATCH = 'OIDC_STATE_MISMATCH',
  /** The provider refused the code: expired, used already, or the attempt took too long. */
  CODE_INVALID = 'OIDC_CODE_INVALID',
  /** An account has this address, but the provider did not assert it as verified or the account never confirmed it. */
  ACCOUNT_EXISTS = 'OIDC_ACCOUNT_EXISTS',
  /** The provider gave no email address, which a new account needs. */
  EMAIL_MISSING = 'OIDC_EMAIL_MISSING',
  /** Linking: that provider account already signs in to another member. */
  IDENTITY_TAKEN = 'OIDC_IDENTITY_TAKEN',
  /** Linking: the member already has an account of this provider linked. */
  ALREADY_LINKED = 'OIDC_ALREADY_LINKED',
  ACCOUNT_BLOCKED = 'ACCOUNT_BLOCKED',
}
