import { useSession } from '@diaspora/session';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ResendVerification } from './ResendVerification';

/**
 * Says why a form that needs a confirmed address (directory listing, course enrolment) will be
 * refused, where the link went and what to do when it never comes (resend, or ask an admin, who
 * can confirm the address: the embedded default sends no email); nothing for guests or
 * confirmed members.
 */
export function EmailVerificationNotice() {
  const { t } = useTranslation('account');
  const { user } = useSession();
  if (!user || user.emailVerified) return null;
  return (
    <div className="alert alert--warning account-banner" role="status">
      <p>{t('banner.waiting', { email: user.email })}</p>
      <p>
        {t('banner.didNotGetIt')} <Link to="/contact">{t('banner.askAdmin')}</Link>
      </p>
      <ResendVerification email={user.email} />
    </div>
  );
}
