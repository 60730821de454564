import { oidcApi } from '@diaspora/api-client';
import { useSession } from '@diaspora/session';
import { Alert, apiErrorText, LoginForm, Spinner } from '@diaspora/ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ProviderButtons } from './ProviderButtons';

/** Where a member goes once signed in: first the questions a provider's sign-up left open. */
export const afterSignIn = (profileComplete: boolean) =>
  profileComplete ? '/' : '/complete-profile';

/**
 * /login: the shared sign-in card with the link to register and the providers' buttons; home once
 * signed in. A provider's answer lands here: `?oidc=signed-in` (the hand-off is exchanged for the
 * session) or `?oidcError=<problem>` (said in the interface's language).
 */
export function LoginPage() {
  const { t } = useTranslation(['auth', 'errors']);
  const navigate = useNavigate();
  const { adopt } = useSession();
  const [params] = useSearchParams();
  const handOff = params.get('oidc') === 'signed-in';
  const problem = params.get('oidcError');
  const [failure, setFailure] = useState<string | null>(null);
  const exchanged = useRef(false);

  useEffect(() => {
    if (!handOff || exchanged.current) return;
    exchanged.current = true;
    oidcApi.session().then(
      (session) => {
        adopt(session);
        navigate(afterSignIn(session.user.profileComplete), { replace: true });
      },
      (cause: unknown) => setFailure(apiErrorText(cause, t, t('auth:errors.unexpected'))),
    );
  }, [handOff, adopt, navigate, t]);

  if (handOff && !failure) {
    return (
      <div className="auth-page" aria-busy="true">
        <p role="status">{t('auth:oidc.signingIn')}</p>
        <Spinner />
      </div>
    );
  }
  const notice =
    failure ??
    (problem && t(`auth:oidc.problems.${problem}`, { defaultValue: t('auth:errors.unexpected') }));
  return (
    <LoginForm
      onSignedIn={() => navigate('/')}
      notice={notice ? <Alert tone="error">{notice}</Alert> : undefined}
      forgotLink={<Link to="/forgot-password">{t('auth:login.forgot')}</Link>}
      switchLine={
        <>
          {t('auth:login.or')} <Link to="/register">{t('auth:login.registerLink')}</Link>
        </>
      }
      after={<ProviderButtons />}
    />
  );
}
