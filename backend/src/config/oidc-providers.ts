/** One OpenID Connect provider members may sign in with (OIDC_PROVIDERS and OIDC_<ID>_*). */
export interface OidcProviderConfig {
  /** In URLs and the database: lower-case letters, digits and hyphens. */
  id: string;
  /** The "Continue with …" button's name. */
  name: string;
  /** Where discovery starts (`<issuer>/.well-known/openid-configuration`). */
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Issuer and name of the well-known providers; any of them may still be overridden. */
export const OIDC_PRESETS: Record<string, { issuer: string; name: string }> = {
  google: { issuer: 'https://accounts.google.com', name: 'Google' },
  // Personal Microsoft accounts; a work or school tenant sets OIDC_MICROSOFT_ISSUER to its own.
  microsoft: {
    issuer: 'https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0',
    name: 'Microsoft',
  },
  linkedin: { issuer: 'https://www.linkedin.com/oauth', name: 'LinkedIn' },
};

const ID = /^[a-z][a-z0-9-]{0,30}$/;

/** An http issuer is admitted on the loopback only (a provider run locally in tests). */
export function isLoopback(url: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/**
 * The providers OIDC_PROVIDERS names (comma-separated ids; none by default), each completed from
 * OIDC_<ID>_ISSUER, _CLIENT_ID, _CLIENT_SECRET and _NAME (issuer and name from a preset if known).
 */
export function parseOidcProviders(
  str: (name: string) => string | undefined,
  problems: string[],
): OidcProviderConfig[] {
  const ids = (str('OIDC_PROVIDERS') ?? '')
    .split(',')
    .map((id) => id.trim().toLowerCase())
    .filter(Boolean);
  const providers: OidcProviderConfig[] = [];
  for (const id of new Set(ids)) {
    if (!ID.test(id)) {
      problems.push(`OIDC_PROVIDERS: "${id}" must be letters, digits and hyphens`);
      continue;
    }
    const key = `OIDC_${id.toUpperCase().replace(/-/g, '_')}`;
    const preset = OIDC_PRESETS[id];
    const issuer = str(`${key}_ISSUER`) ?? preset?.issuer;
    const name = str(`${key}_NAME`) ?? preset?.name;
    const clientId = str(`${key}_CLIENT_ID`);
    const clientSecret = str(`${key}_CLIENT_SECRET`);
    const missing = [
      ...(issuer ? [] : [`${key}_ISSUER`]),
      ...(name ? [] : [`${key}_NAME`]),
      ...(clientId ? [] : [`${key}_CLIENT_ID`]),
      ...(clientSecret ? [] : [`${key}_CLIENT_SECRET`]),
    ];
    if (missing.length) {
      problems.push(`OIDC provider "${id}" needs ${missing.join(', ')}`);
      continue;
    }
    try {
      const url = new URL(issuer as string);
      if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url))) {
        problems.push(`${key}_ISSUER must use https: (http only on localhost)`);
        continue;
      }
    } catch {
      problems.push(`${key}_ISSUER is not a valid URL`);
      continue;
    }
    providers.push({
      id,
      name: name as string,
      issuer: issuer as string,
      clientId: clientId as string,
      clientSecret: clientSecret as string,
    });
  }
  return providers;
}
