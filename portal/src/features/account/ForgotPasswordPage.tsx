import { Alert, BusyButton, TextField } from '@diaspora/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { accountApi } from './accountApi';
import { emailProblem, useAccountAction } from './accountForms';

/** /forgot-password: asks for a reset link; says the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('account');
  const [email, setEmail] = useState('');
  const { form, errors, outcome, saving, run } = useAccountAction<'email'>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = emailProblem(email);
    return run(problem ? { email: problem } : {}, async () => {
      await accountApi.forgotPassword(email.trim());
      return t('forgot.sent', { email: email.trim() });
    });
  };

  return (
    <div className="auth-page">
      <div className="auth-card card">
        <h1 className="auth-card__title">{t('forgot.title')}</h1>
        {outcome?.ok ? (
          <Alert tone="success" takeFocus>
            {outcome.text}
          </Alert>
        ) : (
          <>
            <p className="auth-card__switch">{t('forgot.intro')}</p>
            {outcome && <Alert tone="error">{outcome.text}</Alert>}
            <form ref={form} onSubmit={(event) => void submit(event)} noValidate>
              <TextField
                label={t('forgot.email')}
                error={errors.email && t(errors.email)}
                required
                type="email"
                name="email"
                autoComplete="email"
                value={email}
                onValueChange={setEmail}
              />
              <BusyButton type="submit" className="btn auth-card__submit" busy={saving}>
                {saving ? t('forgot.submitting') : t('forgot.submit')}
              </BusyButton>
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
