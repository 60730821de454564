import { authApi, authStorage } from '@diaspora/api-client';
import { useSession } from '@diaspora/session';
import { useCallback } from 'react';
import { accountApi } from './accountApi';
import { EmailLinkPage } from './EmailLinkPage';

/** /verify-email#token=...: confirms the address from the emailed link, then refreshes the session. */
export function VerifyEmailPage() {
  const { replaceUser } = useSession();
  const redeem = useCallback(
    async (value: string) => {
      await accountApi.verifyEmail(value);
      // A signed-in member's banner goes away without a reload.
      if (authStorage.readToken()) replaceUser(await authApi.me());
    },
    [replaceUser],
  );
  return <EmailLinkPage texts="verify" redeem={redeem} />;
}
