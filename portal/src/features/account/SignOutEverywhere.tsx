import { useSession } from '@diaspora/session';
import { Alert, apiErrorText, BusyButton } from '@diaspora/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { accountApi } from './accountApi';
import { forgetMemberCopies } from '@diaspora/ui/src/offline/forgetMemberCopies';

/** Ends every session of the account (this one too), then goes to sign-in. */
export function SignOutEverywhere() {
  const { t } = useTranslation('account');
  const { logout } = useSession();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const signOut = async () => {
    if (!window.confirm(t('security.signOutConfirm'))) return;
    setBusy(true);
    setFailure(null);
    try {
      await accountApi.signOutEverywhere();
      logout();
      forgetMemberCopies();
      navigate('/login');
    } catch (cause) {
      setFailure(apiErrorText(cause, t, t('failed')));
      setBusy(false);
    }
  };

  return (
    <div className="account-form">
      <h3>{t('security.signOutEverywhere')}</h3>
      <p>{t('security.signOutEverywhereHint')}</p>
      {failure && <Alert tone="error">{failure}</Alert>}
      <BusyButton
        type="button"
        className="btn btn--danger"
        busy={busy}
        onClick={() => void signOut()}
      >
        {t('security.signOutEverywhere')}
      </BusyButton>
    </div>
  );
}
