import { Alert, BusyButton } from '@diaspora/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { accountApi } from './accountApi';
import {
  newPasswordProblems,
  NewPasswordFields,
  NO_NEW_PASSWORD,
  useAccountAction,
  useLinkToken,
} from './accountForms';

/** /reset-password#token=...: the emailed link's page, where the member picks a new password. */
export function ResetPasswordPage() {
  const { t } = useTranslation('account');
  const token = useLinkToken();
  const [next, setNext] = useState(NO_NEW_PASSWORD);
  const { form, errors, outcome, saving, run } = useAccountAction<'password' | 'confirm'>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!token) return;
    await run(newPasswordProblems(next.password, next.confirm), async () => {
      await accountApi.resetPassword(token, next.password);
      return t('reset.done');
    });
  };

  return (
    <div className="auth-page">
      <div className="auth-card card">
        <h1 className="auth-card__title">{t('reset.title')}</h1>
        {!token ? (
          <Alert tone="error">{t('reset.missingToken')}</Alert>
        ) : outcome?.ok ? (
          <>
            <Alert tone="success" takeFocus>
              {outcome.text}
            </Alert>
            <Link className="btn auth-card__submit" to="/login">
              {t('reset.signIn')}
            </Link>
          </>
        ) : (
          <>
            {outcome && <Alert tone="error">{outcome.text}</Alert>}
            <form ref={form} onSubmit={(event) => void submit(event)} noValidate>
              <NewPasswordFields value={next} onChange={setNext} problems={errors} />
              <BusyButton type="submit" className="btn auth-card__submit" busy={saving}>
                {saving ? t('reset.submitting') : t('reset.submit')}
              </BusyButton>
            </form>
          </>
        )}
        {!outcome?.ok && (
          <p className="auth-card__switch">
            <Link to="/forgot-password">{t('reset.askAgain')}</Link>
          </p>
        )}
      </div>
    </div>
  );
}
