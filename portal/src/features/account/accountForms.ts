import { PASSWORD_MIN_LENGTH } from '../auth/registration';

/** i18n keys (account namespace) of what is wrong with each field, if anything. */
export type FieldProblems<K extends string> = Partial<Record<K, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailProblem(email: string): string | undefined {
  if (!email.trim()) return 'validation.required';
  return EMAIL.test(email.trim()) ? undefined : 'validation.emailInvalid';
}

export function newPasswordProblems(
  password: string,
  confirm: string,
): FieldProblems<'password' | 'confirm'> {
  const problems: FieldProblems<'password' | 'confirm'> = {};
  if (!password) problems.password = 'validation.required';
  else if (password.length < PASSWORD_MIN_LENGTH) problems.password = 'validation.passwordShort';
  if (password && confirm !== password) problems.confirm = 'validation.passwordsDiffer';
  return problems;
}

/** The link's token from the page address (?token=...), or undefined. */
export function tokenFrom(search: string): string | undefined {
  return new URLSearchParams(search).get('token')?.trim() || undefined;
}
