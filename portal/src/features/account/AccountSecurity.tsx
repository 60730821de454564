import { useTranslation } from 'react-i18next';
import { ChangeEmailForm } from './ChangeEmailForm';
import { ChangePasswordForm } from './ChangePasswordForm';
import { SignOutEverywhere } from './SignOutEverywhere';
import './account.css';

/** The profile's sign-in and security section: password, email, sessions. */
export function AccountSecurity() {
  const { t } = useTranslation('account');
  return (
    <section className="account-security card" aria-labelledby="account-security-title">
      <h2 id="account-security-title">{t('security.title')}</h2>
      <ChangePasswordForm />
      <ChangeEmailForm />
      <SignOutEverywhere />
    </section>
  );
}
