/**
 * An email address as the API accepts it (class-validator's `IsEmail`): no spaces, one @, and a
 * domain that ends in a name of at least two characters, so `a@b.c` is caught before sending.
 */
const EMAIL_ADDRESS = /^[^\s@]+@(?:[^\s@.]+\.)+[^\s@.]{2,}$/;

export const isEmailAddress = (text: string): boolean => EMAIL_ADDRESS.test(text.trim());

/**
 * A `mailto:` link to an address someone typed: the address is percent-encoded (RFC 6068), so an
 * address such as `x?bcc=spy@evil.example` (valid, since `?` and `=` may stand in its local part)
 * cannot add recipients or fields to the draft. `fields` (subject, body) are encoded the same way.
 */
export function mailtoHref(address: string, fields: Record<string, string> = {}): string {
  const encode = (text: string) => encodeURIComponent(text).replace(/%40/g, '@');
  const query = Object.entries(fields)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');
  return `mailto:${encode(address)}${query ? `?${query}` : ''}`;
}
