import { Alert, apiErrorText, TextField } from '@diaspora/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { accountApi } from './accountApi';
import { emailProblem } from './accountForms';

/** /forgot-password: asks for a reset link; says the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('account');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = emailProblem(email);
    setError(problem && t(problem));
    if (problem) return;
    setSubmitting(true);
    setFailure(null);
    try {
      await accountApi.forgotPassword(email.trim());
      setSentTo(email.trim());
    } catch (cause) {
      setFailure(apiErrorText(cause, t, t('failed')));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="auth-page">
      <div className="auth-card card">
        <h1 className="auth-card__title">{t('forgot.title')}</h1>
        {sentTo ? (
          <Alert tone="success">{t('forgot.sent', { email: sentTo })}</Alert>
        ) : (
          <>
            <p className="auth-card__switch">{t('forgot.intro')}</p>
            {failure && <Alert tone="error">{failure}</Alert>}
            <form onSubmit={(event) => void submit(event)} noValidate>
              <TextField
                label={t('forgot.email')}
                error={error}
                required
                type="email"
                name="email"
                autoComplete="email"
                value={email}
                onValueChange={setEmail}
              />
              <button type="submit" className="btn auth-card__submit" disabled={submitting}>
                {submitting ? t('forgot.submitting') : t('forgot.submit')}
              </button>
            </form>
          </>
        )}
        <p className="auth-card__switch">
          <Link to="/login">{t('forgot.backToLogin')}</Link>
        </p>
      </div>
    </div>
  );
}
