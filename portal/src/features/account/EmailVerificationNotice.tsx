import { useSession } from '@diaspora/session';
import { useTranslation } from 'react-i18next';
import { ResendVerification } from './ResendVerification';

/**
 * Says why a form that needs a confirmed address (directory listing, course enrolment) will be
 * refused, and offers the link again; nothing for guests or confirmed members.
 */
export function EmailVerificationNotice() {
  const { t } = useTranslation('errors');
  const { user } = useSession();
  if (!user || user.emailVerified) return null;
  return (
    <div className="alert alert--warning account-banner" role="status">
      <p>{t('codes.EMAIL_NOT_VERIFIED')}</p>
      <ResendVerification email={user.email} />
    </div>
  );
}
