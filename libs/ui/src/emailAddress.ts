/**
 * An email address as the API accepts it (class-validator's `IsEmail`): no spaces, one @, and a
 * domain that ends in a name of at least two characters, so `a@b.c` is caught before sending.
 */
const EMAIL_ADDRESS = /^[^\s@]+@(?:[^\s@.]+\.)+[^\s@.]{2,}$/;

export const isEmailAddress = (text: string): boolean => EMAIL_ADDRESS.test(text.trim());
