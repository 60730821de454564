import { LoginForm } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

/** /login: the shared sign-in card with the link to register; home once signed in. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  return (
    <LoginForm
      onSignedIn={() => navigate('/')}
      forgotLink={<Link to="/forgot-password">{t('login.forgot')}</Link>}
      switchLine={
        <>
          {t('login.or')} <Link to="/register">{t('login.registerLink')}</Link>
        </>
      }
    />
  );
}
