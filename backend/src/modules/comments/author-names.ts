import { UsersService } from '../users/users.service';

/** Shown when an author's account is gone (spec: author defaults to Admin for news). */
export const UNKNOWN_AUTHOR = 'Admin';

/**
 * Names of the given users, through UsersService rather than its table. One primary-key
 * lookup per distinct author of a page (at most a page size of them).
 */
export async function authorNames(
  users: UsersService,
  ids: string[],
): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  const rows = await Promise.all(unique.map((id) => users.findById(id)));
  return new Map(unique.map((id, index) => [id, rows[index]?.name ?? UNKNOWN_AUTHOR]));
}
