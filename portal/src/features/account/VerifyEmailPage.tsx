import { authApi, authStorage } from '@diaspora/api-client';
import { useSession } from '@diaspora/session';
import { Alert, apiErrorText, Spinner } from '@diaspora/ui';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { accountApi } from './accountApi';
import { tokenFrom } from './accountForms';
import { useLinkOnce } from './useLinkOnce';

/** /verify-email?token=...: confirms the address from the emailed link, then refreshes the session. */
export function VerifyEmailPage() {
  const { t } = useTranslation('account');
  const { replaceUser } = useSession();
  const token = tokenFrom(useLocation().search);
  const redeem = useCallback(
    async (value: string) => {
      await accountApi.verifyEmail(value);
      // A signed-in member's banner goes away without a reload.
      if (authStorage.readToken()) replaceUser(await authApi.me());
    },
    [replaceUser],
  );
  const state = useLinkOnce(token, redeem);

  return (
    <div className="auth-page">
      <div className="auth-card card">
        <h1 className="auth-card__title">{t('verify.title')}</h1>
        {!token ? (
          <Alert tone="error">{t('verify.missingToken')}</Alert>
        ) : state.status === 'working' ? (
          <>
            <Spinner />
            <p>{t('verify.working')}</p>
          </>
        ) : state.status === 'done' ? (
          <>
            <Alert tone="success">{t('verify.done')}</Alert>
            <Link className="btn auth-card__submit" to="/profile">
              {t('verify.continue')}
            </Link>
          </>
        ) : (
          <Alert tone="error">{apiErrorText(state.cause, t, t('verify.failed'))}</Alert>
        )}
      </div>
    </div>
  );
}
