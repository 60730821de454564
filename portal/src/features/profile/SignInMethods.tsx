import { oidcApi, OidcIntent } from '@diaspora/api-client';
import { Alert, apiErrorText, BusyButton } from '@diaspora/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SIGN_IN_METHODS_KEY as METHODS_KEY } from '../account/usePasswordless';
import { useProviders, useStartProvider } from '../auth/ProviderButtons';

/**
 * The profile's "Ways to sign in": the password (or how to add one), each configured provider
 * with Link or Unlink; the server refuses to unlink the last way in, and says so.
 * A provider's answer lands on /profile with `?oidcLinked=<id>` or `?oidcError=<problem>`.
 */
export function SignInMethods() {
  const { t } = useTranslation(['auth', 'errors']);
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const providers = useProviders();
  const methods = useQuery({
    queryKey: METHODS_KEY,
    queryFn: oidcApi.methods,
    enabled: Boolean(providers.data?.length),
  });
  const { start, busy, error } = useStartProvider(OidcIntent.link);
  const unlink = useMutation({
    mutationFn: oidcApi.unlink,
    onSuccess: (next) => queryClient.setQueryData(METHODS_KEY, next),
  });
  if (!providers.data?.length || !methods.data) return null;
  const nameOf = (id: string) => providers.data.find((one) => one.id === id)?.name ?? id;
  const linked = params.get('oidcLinked');
  const problem = params.get('oidcError');
  return (
    <section className="card sign-in-methods" aria-labelledby="sign-in-methods-title">
      <h2 id="sign-in-methods-title">{t('auth:oidc.methods.title')}</h2>
      {linked && (
        <Alert tone="success">{t('auth:oidc.methods.linkedDone', { name: nameOf(linked) })}</Alert>
      )}
      {problem && <Alert tone="error">{t(`auth:oidc.problems.${problem}`)}</Alert>}
      {unlink.isSuccess && (
        <Alert tone="success">
          {t('auth:oidc.methods.unlinkedDone', { name: nameOf(unlink.variables) })}
        </Alert>
      )}
      {unlink.isError && (
        <Alert tone="error">{apiErrorText(unlink.error, t, t('auth:errors.unexpected'))}</Alert>
      )}
      {error && <Alert tone="error">{error}</Alert>}
      <ul className="sign-in-methods__list">
        <li>
          <strong>{t('auth:oidc.methods.password')}</strong>
          {!methods.data.password && <p>{t('auth:oidc.methods.passwordNone')}</p>}
        </li>
        {providers.data.map((provider) => {
          const identity = methods.data.identities.find((one) => one.provider === provider.id);
          return (
            <li key={provider.id}>
              <strong>{provider.name}</strong>{' '}
              {identity ? (
                <>
                  <span>
                    {identity.email
                      ? t('auth:oidc.methods.linked', { email: identity.email })
                      : t('auth:oidc.methods.linkedNoEmail')}
                  </span>{' '}
                  <BusyButton
                    type="button"
                    className="btn btn--secondary"
                    busy={unlink.isPending && unlink.variables === provider.id}
                    onClick={() => unlink.mutate(provider.id)}
                  >
                    {t('auth:oidc.methods.unlink', { name: provider.name })}
                  </BusyButton>
                </>
              ) : (
                <BusyButton
                  type="button"
                  className="btn btn--secondary"
                  busy={busy === provider.id}
                  onClick={() => void start(provider.id)}
                >
                  {t('auth:oidc.methods.link', { name: provider.name })}
                </BusyButton>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
