import { oidcApi, OidcIntent, toLanguage } from '@diaspora/api-client';
import { Alert, apiErrorText } from '@diaspora/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export const PROVIDERS_KEY = ['oidc', 'providers'] as const;

/** The configured OpenID Connect providers (none unless the operator set some). */
export function useProviders() {
  return useQuery({ queryKey: PROVIDERS_KEY, queryFn: oidcApi.providers, staleTime: 60_000 });
}

/** Starts an attempt at the API, then leaves for the provider's page. */
export function useStartProvider(intent: OidcIntent) {
  const { t, i18n } = useTranslation(['auth', 'errors']);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const start = async (provider: string) => {
    setBusy(provider);
    setError(null);
    try {
      const { url } = await oidcApi.start(provider, {
        intent,
        language: toLanguage(i18n.language) ?? undefined,
      });
      window.location.assign(url);
    } catch (cause) {
      setBusy(null);
      setError(apiErrorText(cause, t, t('auth:errors.unexpected')));
    }
  };
  return { start, busy, error };
}

/** "Continue with …" per configured provider, on the sign-in, registration and join pages. */
export function ProviderButtons() {
  const { t } = useTranslation('auth');
  const providers = useProviders();
  const { start, busy, error } = useStartProvider(OidcIntent.sign_in);
  if (!providers.data?.length) return null;
  return (
    <div className="provider-buttons">
      <p className="provider-buttons__or">{t('oidc.or')}</p>
      {error && <Alert tone="error">{error}</Alert>}
      {providers.data.map((provider) => (
        <button
          key={provider.id}
          type="button"
          className="btn btn--secondary provider-buttons__button"
          disabled={busy !== null}
          aria-busy={busy === provider.id}
          onClick={() => void start(provider.id)}
        >
          {t('oidc.continueWith', { name: provider.name })}
        </button>
      ))}
    </div>
  );
}
