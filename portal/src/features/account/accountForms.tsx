// The account forms' shared parts (one module, so the lazy account pages share one chunk):
// what is wrong with a field, the saving and outcome state, and the password fields.
import { apiErrorText, isEmailAddress, TextField, useFirstInvalidFocus } from '@diaspora/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '../auth/registration';

/** i18n keys (account namespace) of what is wrong with each field, if anything. */
export type FieldProblems<K extends string> = Partial<Record<K, string>>;

export function emailProblem(email: string): string | undefined {
  if (!email.trim()) return 'validation.required';
  return isEmailAddress(email) ? undefined : 'validation.emailInvalid';
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

const TOKEN = 'token';

/** The `token` parameter of a query (`?a=b`) or fragment (`#a=b`), or undefined. */
const tokenParameter = (part: string) =>
  new URLSearchParams(part.replace(/^[?#]/, '')).get(TOKEN)?.trim() || undefined;

/** The query or fragment without its `token` parameter (as it was when it has none). */
function withoutToken(part: string, mark: '?' | '#'): string {
  const parameters = new URLSearchParams(part.replace(/^[?#]/, ''));
  if (!parameters.has(TOKEN)) return part;
  parameters.delete(TOKEN);
  const rest = parameters.toString();
  return rest ? `${mark}${rest}` : '';
}

/**
 * An emailed link's token from the page address, or undefined. Links carry it in the fragment
 * (`#token=...`), which browsers never send to a server, so it is in no access log. Links sent
 * before that carry it in the query (`?token=...`) and stay good for their lifetime: both are read.
 */
export function linkTokenFrom(location: { hash: string; search: string }): string | undefined {
  return tokenParameter(location.hash) ?? tokenParameter(location.search);
}

/**
 * The token of the emailed link that opened this page, read once on arrival and then taken out of
 * the address bar (the history entry is replaced, not added to): it is not kept in the history nor
 * handed on with a copied address. The page keeps it in memory for as long as it is open, so a
 * retry (or a second try at the form) still has it.
 */
export function useLinkToken(): string | undefined {
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => linkTokenFrom(location));
  useEffect(() => {
    const search = withoutToken(location.search, '?');
    const hash = withoutToken(location.hash, '#');
    if (search === location.search && hash === location.hash) return;
    void navigate(
      { pathname: location.pathname, search, hash },
      { replace: true, state: location.state as unknown },
    );
  }, [location, navigate]);
  return token;
}

/** What the last call did: its success text, or the server's error in the interface's language. */
export interface AccountOutcome {
  ok: boolean;
  text: string;
}

/**
 * The saving and outcome state of an account form: `run` shows the field problems (focusing the
 * first, in `form`) and, when there are none, makes the call; the call resolves to the text to
 * show on success.
 */
export function useAccountAction<F extends string>() {
  const { t } = useTranslation('account');
  const [errors, setErrors] = useState<FieldProblems<F>>({});
  const [outcome, setOutcome] = useState<AccountOutcome | null>(null);
  const [saving, setSaving] = useState(false);
  const { form, focusFirstInvalid } = useFirstInvalidFocus();

  const run = async (problems: FieldProblems<F>, call: () => Promise<string>) => {
    setErrors(problems);
    if (Object.keys(problems).length > 0) return focusFirstInvalid();
    setSaving(true);
    setOutcome(null);
    try {
      setOutcome({ ok: true, text: await call() });
    } catch (cause) {
      setOutcome({ ok: false, text: apiErrorText(cause, t, t('failed')) });
    } finally {
      setSaving(false);
    }
  };

  return { form, errors, outcome, saving, run };
}

/** A new password as typed twice. */
export interface NewPassword {
  password: string;
  confirm: string;
}

export const NO_NEW_PASSWORD: NewPassword = { password: '', confirm: '' };

/** The current password that every security change asks for first. */
export function CurrentPasswordField(props: {
  value: string;
  onValueChange: (value: string) => void;
  /** The i18n key of what is wrong with it, if anything. */
  problem?: string;
}) {
  const { t } = useTranslation('account');
  return (
    <TextField
      label={t('security.currentPassword')}
      error={props.problem && t(props.problem)}
      required
      type="password"
      name="currentPassword"
      autoComplete="current-password"
      value={props.value}
      onValueChange={props.onValueChange}
    />
  );
}

/** A new password and its confirmation, as the reset page and the security section ask them. */
export function NewPasswordFields({
  value,
  onChange,
  problems,
}: {
  value: NewPassword;
  onChange: (value: NewPassword) => void;
  problems: FieldProblems<keyof NewPassword>;
}) {
  const { t } = useTranslation('account');
  return (
    <>
      <TextField
        label={t('security.newPassword')}
        hint={t('reset.hint')}
        error={problems.password && t(problems.password)}
        required
        type="password"
        name="newPassword"
        autoComplete="new-password"
        value={value.password}
        onValueChange={(password) => onChange({ ...value, password })}
      />
      <TextField
        label={t('security.confirmPassword')}
        error={problems.confirm && t(problems.confirm)}
        required
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        value={value.confirm}
        onValueChange={(confirm) => onChange({ ...value, confirm })}
      />
    </>
  );
}
