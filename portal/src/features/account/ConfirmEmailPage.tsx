import { useSession } from '@diaspora/session';
import { Alert, apiErrorText, Spinner } from '@diaspora/ui';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { accountApi } from './accountApi';
import { tokenFrom } from './accountForms';
import { useLinkOnce } from './useLinkOnce';

/**
 * /confirm-email?token=...: moves the account to the new address. Every older session ends, so
 * this device keeps the fresh one the answer carries.
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation('account');
  const { adopt } = useSession();
  const token = tokenFrom(useLocation().search);
  const redeem = useCallback(
    async (value: string) => {
      const session = await accountApi.confirmEmailChange(value);
      adopt(session);
      return session.user.email;
    },
    [adopt],
  );
  const state = useLinkOnce(token, redeem);

  return (
    <div className="auth-page">
      <div className="auth-card card">
        <h1 className="auth-card__title">{t('confirmEmail.title')}</h1>
        {!token ? (
          <Alert tone="error">{t('verify.missingToken')}</Alert>
        ) : state.status === 'working' ? (
          <>
            <Spinner />
            <p>{t('confirmEmail.working')}</p>
          </>
        ) : state.status === 'done' ? (
          <>
            <Alert tone="success">{t('confirmEmail.done', { email: state.value })}</Alert>
            <Link className="btn auth-card__submit" to="/profile">
              {t('confirmEmail.continue')}
            </Link>
          </>
        ) : (
          <Alert tone="error">{apiErrorText(state.cause, t, t('verify.failed'))}</Alert>
        )}
      </div>
    </div>
  );
}
