import { useSession } from '@diaspora/session';
import { useCallback } from 'react';
import { accountApi } from './accountApi';
import { EmailLinkPage } from './EmailLinkPage';

/**
 * /confirm-email#token=...: moves the account to the new address. Every older session ends, so
 * this device keeps the fresh one the answer carries.
 */
export function ConfirmEmailPage() {
  const { adopt } = useSession();
  const redeem = useCallback(
    async (value: string) => {
      const session = await accountApi.confirmEmailChange(value);
      adopt(session);
      return session.user.email;
    },
    [adopt],
  );
  return <EmailLinkPage texts="confirmEmail" redeem={redeem} />;
}
