import { useSession } from '@diaspora/session';
import { useCallback } from 'react';
import { accountApi } from './accountApi';
import { EmailLinkPage } from './EmailLinkPage';
import { forgetMemberCopies } from '@diaspora/ui/src/offline/forgetMemberCopies';

/**
 * /delete-account#token=...: the link emailed to a member without a password deletes the account;
 * a session this browser still holds for it ends with it.
 */
export function DeleteAccountPage() {
  const { logout } = useSession();
  const redeem = useCallback(
    async (value: string) => {
      await accountApi.confirmAccountDeletion(value);
      // Whatever session this browser holds is let go (the deleted one's token no longer works).
      logout();
      forgetMemberCopies();
    },
    [logout],
  );
  return <EmailLinkPage texts="deleteAccount" continueTo="/" redeem={redeem} />;
}
