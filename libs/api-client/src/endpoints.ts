import { api, unwrap } from './client';
import { toTicketType, type TicketType } from './options';
import type { Language } from './schema';
import type {
  ApiRoot,
  AuthResponse,
  Health,
  LoginRequest,
  MyTicket,
  RegisterRequest,
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
  deleteAccount: (password: string): Promise<{ msg: string }> =>
    unwrap(api.DELETE('/api/users/me', { body: { password } })),
  setLanguage: (language: Language): Promise<User> =>
    unwrap(api.PUT('/api/users/me/language', { body: { language } })),
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
