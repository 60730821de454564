/**
 * The one form of an email address the platform stores and compares: Unicode NFKC (a full-width
 * `ｅ` is `e`, a decomposed accent is the composed one), no surrounding spaces, lower case.
 * Every entry that takes an address an account is found by goes through here: registration,
 * sign-in, password reset, email change, ADMIN_EMAIL, the contact form's sender and the data
 * export's matching. Migration 0015 brought stored addresses to it, except a row whose normal
 * form another account already has: merging accounts is an admin's decision, left to them.
 */
export function normaliseEmail(address: string): string {
  return address.normalize('NFKC').trim().toLowerCase();
}
