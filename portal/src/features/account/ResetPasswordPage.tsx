import { Alert, apiErrorText, TextField } from '@diaspora/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { accountApi } from './accountApi';
import { newPasswordProblems, tokenFrom, type FieldProblems } from './accountForms';

/** /reset-password?token=...: the emailed link's page, where the member picks a new password. */
export function ResetPasswordPage() {
  const { t } = useTranslation('account');
  const token = tokenFrom(useLocation().search);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldProblems<'password' | 'confirm'>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!token) return;
    const problems = newPasswordProblems(password, confirm);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setSubmitting(true);
    setFailure(null);
    try {
      await accountApi.resetPassword(token, password);
      setDone(true);
    } catch (cause) {
      setFailure(apiErrorText(cause, t, t('failed')));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="auth-page">
      <div className="auth-card card">
        <h1 className="auth-card__title">{t('reset.title')}</h1>
        {!token ? (
          <Alert tone="error">{t('reset.missingToken')}</Alert>
        ) : done ? (
          <>
            <Alert tone="success">{t('reset.done')}</Alert>
            <Link className="btn auth-card__submit" to="/login">
              {t('reset.signIn')}
            </Link>
          </>
        ) : (
          <>
            {failure && <Alert tone="error">{failure}</Alert>}
            <form onSubmit={(event) => void submit(event)} noValidate>
              <TextField
                label={t('reset.password')}
                hint={t('reset.hint')}
                error={errors.password && t(errors.password)}
                required
                type="password"
                name="password"
                autoComplete="new-password"
                value={password}
                onValueChange={setPassword}
              />
              <TextField
                label={t('reset.confirm')}
                error={errors.confirm && t(errors.confirm)}
                required
                type="password"
                name="confirm"
                autoComplete="new-password"
                value={confirm}
                onValueChange={setConfirm}
              />
              <button type="submit" className="btn auth-card__submit" disabled={submitting}>
                {submitting ? t('reset.submitting') : t('reset.submit')}
              </button>
            </form>
          </>
        )}
        {!done && (
          <p className="auth-card__switch">
            <Link to="/forgot-password">{t('reset.askAgain')}</Link>
          </p>
        )}
      </div>
    </div>
  );
}
