import { api, unwrap } from './client';
import { toTicketType, type TicketType } from './options';
import type { Language, OidcIntent } from './schema';
import type {
  ApiRoot,
  AuthResponse,
  Health,
  LoginRequest,
  MyTicket,
  NotificationChoices,
  NotificationList,
  NotificationPreferenceChange,
  OidcProvider,
  RegisterRequest,
  SignInMethods,
  UpdateProfileRequest,
  User,
  UserList,
} from './types';

/** Typed calls of spec section 7 that this platform has so far; features add theirs here. */
export const authApi = {
  login: (body: LoginRequest): Promise<AuthResponse> =>
    unwrap(api.POST('/api/auth/login', { body })),
  register: (body: RegisterRequest): Promise<AuthResponse> =>
    unwrap(api.POST('/api/auth/register', { body })),
  me: (): Promise<User> => unwrap(api.GET('/api/auth/me')),
};

export const usersApi = {
  updateProfile: (body: UpdateProfileRequest): Promise<User> =>
    unwrap(api.PUT('/api/users/profile', { body })),
  list: (query: { page: number; limit: number; search?: string }): Promise<UserList> =>
    unwrap(api.GET('/api/users', { params: { query } })),
};

/** Issue 17: the member's own data and language. */
export const accountApi = {
  /** The JSON file of everything kept about the caller. */
  exportData: (): Promise<Blob> =>
    unwrap(api.GET('/api/users/me/export', { parseAs: 'blob' })) as Promise<Blob>,
  /** Without a password (a provider's member) the API answers 202: a confirming link was emailed. */
  deleteAccount: (password?: string): Promise<{ msg: string }> =>
    unwrap(api.DELETE('/api/users/me', { body: password === undefined ? {} : { password } })),
  setLanguage: (language: Language): Promise<User> =>
    unwrap(api.PUT('/api/users/me/language', { body: { language } })),
};

/** Issue 37: sign-in with OpenID Connect providers (the API redirects; these are the SPA's calls). */
export const oidcApi = {
  providers: (): Promise<OidcProvider[]> =>
    unwrap(api.GET('/api/auth/oidc/providers')).then((list) => list.providers),
  /** The provider's authorisation URL; the browser goes there (the attempt's cookie is set). */
  start: (provider: string, body: { intent: OidcIntent; language?: Language }) =>
    unwrap(api.POST('/api/auth/oidc/{provider}/start', { params: { path: { provider } }, body })),
  /** The session the provider's answer signed in (its hand-off cookie, once). */
  session: (): Promise<AuthResponse> => unwrap(api.POST('/api/auth/oidc/session')),
  methods: (): Promise<SignInMethods> => unwrap(api.GET('/api/account/sign-in-methods')),
  unlink: (provider: string): Promise<SignInMethods> =>
    unwrap(
      api.DELETE('/api/account/sign-in-methods/{provider}', { params: { path: { provider } } }),
    ),
};

export const paymentsApi = {
  createIntent: (eventId: string, ticketType: TicketType) =>
    unwrap(
      api.POST('/api/payments/create-payment-intent', {
        body: { eventId, ticketType: toTicketType(ticketType) },
      }),
    ),
  confirm: (eventId: string, paymentIntentId: string) =>
    unwrap(api.POST('/api/payments/confirm-payment', { body: { eventId, paymentIntentId } })),
  /** The caller's tickets, newest first, with their states. */
  myTickets: (): Promise<MyTicket[]> => unwrap(api.GET('/api/payments/tickets')),
};

export const systemApi = {
  health: (): Promise<Health> => unwrap(api.GET('/api/health')),
  root: (): Promise<ApiRoot> => unwrap(api.GET('/api')),
};

/** Issue 40: the member's notifications and their choices (the live stream: notificationStream.ts). */
export const notificationsApi = {
  list: (query: { page: number; limit: number }): Promise<NotificationList> =>
    unwrap(api.GET('/api/notifications', { params: { query } })),
  unreadCount: (): Promise<number> =>
    unwrap(api.GET('/api/notifications/unread-count')).then((answer) => answer.unread),
  markRead: (id: string): Promise<{ unread: number }> =>
    unwrap(api.POST('/api/notifications/{id}/read', { params: { path: { id } } })),
  markAllRead: (): Promise<{ unread: number }> => unwrap(api.POST('/api/notifications/read-all')),
  /** The choice per kind, and whether the weekly digest is on. */
  preferences: (): Promise<NotificationChoices> =>
    unwrap(api.GET('/api/notifications/preferences')),
  updatePreferences: (
    preferences: NotificationPreferenceChange[],
    weeklyDigest?: boolean,
  ): Promise<NotificationChoices> =>
    unwrap(api.PUT('/api/notifications/preferences', { body: { preferences, weeklyDigest } })),
};

/** Issue 40: the member's time zone, from the browser when the profile has none. */
export const timeZoneApi = {
  set: (timeZone: string): Promise<User> =>
    unwrap(api.PUT('/api/users/me/time-zone', { body: { timeZone } })),
};
