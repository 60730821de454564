import { UsersService } from '../users/users.service';

/** Shown when an author's account is gone (spec: author defaults to Admin for news). */
export const UNKNOWN_AUTHOR = 'Admin';

/** Names of the given users, through UsersService rather than its table, in one query. */
export async function authorNames(
  users: UsersService,
  ids: string[],
): Promise<Map<string, string>> {
  const names = await users.namesByIds(ids);
  return new Map(ids.map((id) => [id, names.get(id) ?? UNKNOWN_AUTHOR]));
}
