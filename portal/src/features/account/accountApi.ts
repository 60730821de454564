import { api, unwrap, type AuthResponse } from '@diaspora/api-client';

/** The sign-in lifecycle calls (issue 17); one object so tests can spy on each call. */
export const accountApi = {
  forgotPassword: (email: string): Promise<unknown> =>
    unwrap(api.POST('/api/auth/forgot-password', { body: { email } })),
  resetPassword: (token: string, password: string): Promise<unknown> =>
    unwrap(api.POST('/api/auth/reset-password', { body: { token, password } })),
  verifyEmail: (token: string): Promise<unknown> =>
    unwrap(api.POST('/api/auth/verify-email', { body: { token } })),
  resendVerification: (): Promise<unknown> => unwrap(api.POST('/api/auth/resend-verification')),
  changePassword: (currentPassword: string, newPassword: string): Promise<AuthResponse> =>
    unwrap(api.POST('/api/auth/change-password', { body: { currentPassword, newPassword } })),
  /** Without a password (a provider's member) the link goes to the current address. */
  changeEmail: (currentPassword: string | undefined, newEmail: string): Promise<unknown> =>
    unwrap(api.POST('/api/auth/change-email', { body: { currentPassword, newEmail } })),
  confirmEmailChange: (token: string): Promise<AuthResponse> =>
    unwrap(api.POST('/api/auth/confirm-email-change', { body: { token } })),
  confirmAccountDeletion: (token: string): Promise<unknown> =>
    unwrap(api.POST('/api/auth/confirm-account-deletion', { body: { token } })),
  signOutEverywhere: (): Promise<unknown> => unwrap(api.POST('/api/auth/sign-out-everywhere')),
};
