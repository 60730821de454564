import { oidcApi } from '@diaspora/api-client';
import { useQuery } from '@tanstack/react-query';
import { useProviders } from '../auth/ProviderButtons';

/** The profile's "Ways to sign in" reads the same answer (one request for both). */
export const SIGN_IN_METHODS_KEY = ['account', 'sign-in-methods'] as const;

/**
 * Whether the member has no password (signed up through a provider): their email change and
 * deletion are confirmed by an emailed link instead. Without providers everyone has a password.
 */
export function usePasswordless(): boolean {
  const providers = useProviders();
  const methods = useQuery({
    queryKey: SIGN_IN_METHODS_KEY,
    queryFn: oidcApi.methods,
    enabled: Boolean(providers.data?.length),
  });
  return methods.data?.password === false;
}
