import { parseOidcProviders } from './oidc-providers';

const parse = (env: Record<string, string>) => {
  const problems: string[] = [];
  const providers = parseOidcProviders((name) => env[name], problems);
  return { providers, problems };
};

describe('parseOidcProviders (OIDC_PROVIDERS and OIDC_<ID>_*)', () => {
  it('configures none by default', () => {
    expect(parse({})).toEqual({ providers: [], problems: [] });
  });

  it('completes the presets (Google, Microsoft, LinkedIn) from the client id and secret', () => {
    const { providers, problems } = parse({
      OIDC_PROVIDERS: 'google, LinkedIn,microsoft',
      OIDC_GOOGLE_CLIENT_ID: 'g',
      OIDC_GOOGLE_CLIENT_SECRET: 'gs',
      OIDC_LINKEDIN_CLIENT_ID: 'l',
      OIDC_LINKEDIN_CLIENT_SECRET: 'ls',
      OIDC_MICROSOFT_CLIENT_ID: 'm',
      OIDC_MICROSOFT_CLIENT_SECRET: 'ms',
      OIDC_MICROSOFT_ISSUER: 'https://login.microsoftonline.com/tenant-id/v2.0',
    });
    expect(problems).toEqual([]);
    expect(providers).toEqual([
      {
        id: 'google',
        name: 'Google',
        issuer: 'https://accounts.google.com',
        clientId: 'g',
        clientSecret: 'gs',
      },
      {
        id: 'linkedin',
        name: 'LinkedIn',
        issuer: 'https://www.linkedin.com/oauth',
        clientId: 'l',
        clientSecret: 'ls',
      },
      {
        id: 'microsoft',
        name: 'Microsoft',
        issuer: 'https://login.microsoftonline.com/tenant-id/v2.0',
        clientId: 'm',
        clientSecret: 'ms',
      },
    ]);
  });

  it('names what a provider lacks, and refuses bad ids and http issuers off the loopback', () => {
    const { providers, problems } = parse({
      OIDC_PROVIDERS: 'alumni,bad_id,plain,local',
      OIDC_ALUMNI_CLIENT_ID: 'a',
      OIDC_PLAIN_ISSUER: 'http://id.example.org',
      OIDC_PLAIN_NAME: 'Plain',
      OIDC_PLAIN_CLIENT_ID: 'p',
      OIDC_PLAIN_CLIENT_SECRET: 'ps',
      OIDC_LOCAL_ISSUER: 'http://127.0.0.1:4000',
      OIDC_LOCAL_NAME: 'Local',
      OIDC_LOCAL_CLIENT_ID: 'l',
      OIDC_LOCAL_CLIENT_SECRET: 'ls',
    });
    expect(problems).toEqual([
      'OIDC provider "alumni" needs OIDC_ALUMNI_ISSUER, OIDC_ALUMNI_NAME, OIDC_ALUMNI_CLIENT_SECRET',
      'OIDC_PROVIDERS: "bad_id" must be letters, digits and hyphens',
      'OIDC_PLAIN_ISSUER must use https: (http only on localhost)',
    ]);
    expect(providers.map((one) => one.id)).toEqual(['local']);
  });
});
