/** Spec section 8: a 401 on these calls ends the session; other 401s go to the caller. */
const SESSION_ENDING_PATHS = ['/auth/me', '/profile', '/admin'];

export function endsSessionOn401(url: string): boolean {
  return SESSION_ENDING_PATHS.some((part) => url.includes(part));
}
