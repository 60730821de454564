import { Country, Interest, type RegisterRequest } from '@diaspora/api-client';

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

function isCountry(value: string): value is Country {
  return (COUNTRIES as readonly string[]).includes(value);
}

export function validateRegistration(form: RegistrationForm): RegistrationErrors {
  const errors: RegistrationErrors = {};
  if (!form.name.trim()) errors.name = 'auth:validation.nameRequired';
  if (!form.email.trim()) errors.email = 'auth:validation.emailRequired';
  if (form.password.length < PASSWORD_MIN_LENGTH)
    errors.password = 'auth:validation.passwordTooShort';
  if (form.confirmPassword !== form.password) {
    errors.confirmPassword = 'auth:validation.passwordsDoNotMatch';
  }
  if (!isCountry(form.country)) errors.country = 'auth:validation.countryRequired';
  if (!form.profession.trim()) errors.profession = 'auth:validation.professionRequired';
  return errors;
}

/** The request body; the confirmation is never sent. */
export function toRegisterRequest(form: RegistrationForm): RegisterRequest {
  return {
    name: form.name.trim(),
    email: form.email.trim(),
    password: form.password,
    country: form.country as Country,
    profession: form.profession.trim(),
    bio: form.bio.trim(),
    interests: form.interests,
  };
}
