// A certified OpenID Provider (oidc-provider) on a local port, for the API and browser suites.
// Usage: node oidc-provider.mjs <redirect URI>... ; prints {"issuer": ...} once it listens.
// Env: OIDC_TEST_PORT (default: any free port), OIDC_TEST_CLIENT_ID, OIDC_TEST_CLIENT_SECRET.
// Signing in: an authorisation request with login_hint=<base64url JSON of the claims> signs in that
// account at once (the API suite), or "deny" declines; without one, a sign-in form asks for an
// email address (the browser suite; the address is verified, the name taken from it).
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

const redirectUris = process.argv.slice(2);
const clientId = process.env.OIDC_TEST_CLIENT_ID ?? 'platform';
const clientSecret = process.env.OIDC_TEST_CLIENT_SECRET ?? 'platform-secret-for-tests';
/** Claims of each account that signed in, by its subject. */
const accounts = new Map();
let provider;

const server = createServer((req, res) => {
  if (req.url.startsWith('/interaction/')) {
    interaction(req, res).catch((error) => {
      res.statusCode = 500;
      res.end(String(error));
    });
    return;
  }
  provider.callback()(req, res);
});
await new Promise((done) =>
  server.listen(Number(process.env.OIDC_TEST_PORT ?? 0), '127.0.0.1', done),
);
const issuer = `http://127.0.0.1:${server.address().port}`;

provider = new Provider(issuer, {
  clients: [
    {
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uris: redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    },
  ],
  cookies: { keys: ['oidc-provider-test-cookie-key'] },
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
  features: { devInteractions: { enabled: false } },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub, ...accounts.get(sub) }) }),
  // The client library must send PKCE (S256): refused otherwise.
  pkce: { required: () => true },
  ttl: {
    AuthorizationCode: 60,
    Interaction: 600,
    Session: 600,
    Grant: 600,
    IdToken: 600,
    AccessToken: 600,
  },
});

/** Signs in the account with these claims and grants the client what it asked for. */
async function signIn(req, res, details, claims) {
  accounts.set(claims.sub, claims);
  const grant = new provider.Grant({ accountId: claims.sub, clientId: details.params.client_id });
  grant.addOIDCScope(details.params.scope);
  const grantId = await grant.save();
  await provider.interactionFinished(
    req,
    res,
    { login: { accountId: claims.sub }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
}

async function deny(req, res) {
  await provider.interactionFinished(
    req,
    res,
    { error: 'access_denied', error_description: 'The member declined' },
    { mergeWithLastSubmission: false },
  );
}

async function interaction(req, res) {
  const details = await provider.interactionDetails(req, res);
  const hint = details.params.login_hint;
  if (req.method === 'POST') {
    const form = new URLSearchParams(await body(req));
    if (form.get('cancel')) return deny(req, res);
    const email = (form.get('email') ?? '').trim().toLowerCase();
    return signIn(req, res, details, {
      sub: `sub-${email}`,
      email,
      email_verified: true,
      name: email.split('@')[0],
    });
  }
  if (hint === 'deny') return deny(req, res);
  if (hint) return signIn(req, res, details, JSON.parse(Buffer.from(hint, 'base64url').toString()));
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.end(`<!doctype html><html lang="en"><title>Test ID</title><link rel="icon" href="data:,"><main><h1>Test ID</h1>
<form method="post" action="/interaction/${details.uid}">
<label>Email <input name="email" type="email" required></label>
<button type="submit">Sign in</button>
<button type="submit" name="cancel" value="1" formnovalidate>Cancel</button>
</form></main></html>`);
}

function body(req) {
  return new Promise((resolve, reject) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}

process.stdout.write(`${JSON.stringify({ issuer, clientId, clientSecret })}\n`);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
