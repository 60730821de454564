import type { User } from '@diaspora/api-client';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ResendVerification } from './ResendVerification';

/** Shown on the profile until the member confirms their address. */
export function VerifyEmailBanner({ user }: { user: User }) {
  const { t } = useTranslation('account');
  if (user.emailVerified) return null;
  return (
    <div
      className="alert alert--warning account-banner"
      role="region"
      aria-label={t('verify.title')}
    >
      <p>{t('banner.text', { email: user.email })}</p>
      <p>
        {t('banner.didNotGetIt')} <Link to="/contact">{t('banner.askAdmin')}</Link>
      </p>
      <ResendVerification email={user.email} />
    </div>
  );
}
