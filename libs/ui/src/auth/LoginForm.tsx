import { useSession } from '@diaspora/session';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../Alert';
import { BusyButton } from '../BusyButton';
import { TextField } from '../fields';
import { useFirstInvalidFocus } from '../useFirstInvalidFocus';
import { describeAuthFailure, loginMessage } from './authMessages';

interface LoginFormProps {
  /** Where to go once signed in: the portal goes home, the standalone console to /admin. */
  onSignedIn: () => void;
  /** The line under the heading, e.g. the portal's link to register. */
  switchLine?: ReactNode;
  /** The portal's "Forgot your password?" link (the standalone console has no reset pages). */
  forgotLink?: ReactNode;
  /** Shown above the form, e.g. why a provider's sign-in ended here. */
  notice?: ReactNode;
  /** Under the form, e.g. the portal's "Continue with …" buttons. */
  after?: ReactNode;
}

/**
 * The sign-in card of every front end (spec sections 4, 5 and 8): email and password required,
 * the session's login, and the auth layer's message in the spec's order of preference.
 */
export function LoginForm({ onSignedIn, switchLine, forgotLink, notice, after }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const { login } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [message, setMessage] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const { form, focusFirstInvalid } = useFirstInvalidFocus();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = {
      email: email.trim() ? undefined : t('validation.emailRequired'),
      password: password ? undefined : t('validation.passwordRequired'),
    };
    setErrors(problems);
    if (problems.email || problems.password) return focusFirstInvalid();
    setSubmitting(true);
    setMessage(null);
    const outcome = await login({ email: email.trim(), password });
    setSubmitting(false);
    if (outcome.ok) {
      onSignedIn();
      return;
    }
    setMessage(loginMessage(describeAuthFailure(outcome.error), t) || t('errors.unexpected'));
  };

  return (
    <div className="auth-page">
      <div className="auth-card card">
        <h1 className="auth-card__title">{t('login.title')}</h1>
        {switchLine && <p className="auth-card__switch">{switchLine}</p>}
        {notice}
        {message && <Alert tone="error">{message}</Alert>}
        <form ref={form} onSubmit={(event) => void submit(event)} noValidate>
          <TextField
            label={t('login.email')}
            error={errors.email}
            required
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onValueChange={setEmail}
          />
          <TextField
            label={t('login.password')}
            error={errors.password}
            required
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onValueChange={setPassword}
          />
          {forgotLink && <p className="auth-card__forgot">{forgotLink}</p>}
          <BusyButton type="submit" className="btn auth-card__submit" busy={submitting}>
            {submitting ? t('login.submitting') : t('login.submit')}
          </BusyButton>
        </form>
        {after}
      </div>
    </div>
  );
}
