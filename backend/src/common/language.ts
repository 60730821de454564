/** The languages of the interface and of every email (a member's choice is kept on the profile). */
export enum Language {
  EN = 'en',
  AM = 'am',
}

export const DEFAULT_LANGUAGE = Language.EN;

export function isLanguage(value: unknown): value is Language {
  return value === Language.EN || value === Language.AM;
}
