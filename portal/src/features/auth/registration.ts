import {
  Country,
  Interest,
  toCountry,
  toLanguage,
  type RegisterRequest,
} from '@diaspora/api-client';

/** The fixed lists of spec section 9, in the spec's order. */
export const COUNTRIES: readonly Country[] = Object.values(Country);
export const INTERESTS: readonly Interest[] = Object.values(Interest);

export const PASSWORD_MIN_LENGTH = 8;

export interface RegistrationForm {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  country: string;
  profession: string;
  bio: string;
  interests: Interest[];
}

export const emptyRegistration: RegistrationForm = {
  name: '',
  email: '',
  password: '',
  confirmPassword: '',
  country: '',
  profession: '',
  bio: '',
  interests: [],
};

/** Field → translation key of its first problem (spec section 5). */
export type RegistrationErrors = Partial<Record<keyof RegistrationForm, string>>;

export function validateRegistration(form: RegistrationForm): RegistrationErrors {
  const errors: RegistrationErrors = {};
  if (!form.name.trim()) errors.name = 'auth:validation.nameRequired';
  if (!form.email.trim()) errors.email = 'auth:validation.emailRequired';
  if (form.password.length < PASSWORD_MIN_LENGTH)
    errors.password = 'auth:validation.passwordTooShort';
  if (form.confirmPassword !== form.password) {
    errors.confirmPassword = 'auth:validation.passwordsDoNotMatch';
  }
  if (!toCountry(form.country)) errors.country = 'auth:validation.countryRequired';
  if (!form.profession.trim()) errors.profession = 'auth:validation.professionRequired';
  return errors;
}

/**
 * The request body of a form that passes validateRegistration (undefined otherwise), with the
 * interface language so the sign-up emails come in it; the confirmation is never sent.
 */
export function toRegisterRequest(
  form: RegistrationForm,
  language: string,
): RegisterRequest | undefined {
  const country = toCountry(form.country);
  if (!country) return undefined;
  return {
    name: form.name.trim(),
    email: form.email.trim(),
    password: form.password,
    country,
    profession: form.profession.trim(),
    bio: form.bio.trim(),
    interests: form.interests,
    language: toLanguage(language),
  };
}
