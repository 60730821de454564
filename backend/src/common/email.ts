/**
 * The one form of an email address the platform stores and compares: Unicode NFKC (a full-width
 * `ｅ` is `e`, a decomposed accent is the composed one), no surrounding spaces, lower case.
 * Every entry that takes an address an account is found by goes through here: registration,
 * sign-in, password reset, email change, ADMIN_EMAIL, the contact form's sender and the data
 * export's matching; stored addresses were brought to it by migration 0015 (docs/decisions.md).
 */
export function normaliseEmail(address: string): string {
  return address.normalize('NFKC').trim().toLowerCase();
}
