import type { User } from './types';

/** Local storage keys of the session (spec section 4). */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

export const authStorage = {
  readToken(): string | null {
    return localStorage.getItem(TOKEN_KEY);
  },
  readUser(): User | null {
    const raw = localStorage.getItem(USER_KEY);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as User;
    } catch {
      return null;
    }
  },
  save(token: string, user: User): void {
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(USER_KEY, JSON.stringify(user));
  },
  saveUser(user: User): void {
    localStorage.setItem(USER_KEY, JSON.stringify(user));
  },
  clear(): void {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
  },
};
