import { TOKEN_KEY, USER_KEY, type User } from '@diaspora/api-client';
import { newUser } from './factories';

/** Signs a user in the way the session reads it (spec 4: token and user in local storage). */
export function signIn(user: Pick<User, '_id' | 'name' | 'email' | 'role'> = newUser()): void {
  localStorage.setItem(TOKEN_KEY, `${user.role}-token`);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}
