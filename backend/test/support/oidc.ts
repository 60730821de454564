import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type TestAgent from 'supertest/lib/agent';

/** A certified OpenID Provider (oidc-provider) run on a local port by support/oidc-provider.mjs. */
export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The app's environment that configures this provider under `id`. */
  env(id: string, name: string): Record<string, string>;
  stop(): Promise<void>;
}

/** Starts the provider, which admits these redirect URIs; resolves once it listens. */
export async function startProvider(redirectUris: string[]): Promise<TestProvider> {
  const child: ChildProcess = spawn(
    process.execPath,
    [join(__dirname, 'oidc-provider.mjs'), ...redirectUris],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const first = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`provider exited (${code}): ${errors}`)));
  });
  const { issuer, clientId, clientSecret } = JSON.parse(first) as Record<string, string>;
  return {
    issuer,
    clientId,
    clientSecret,
    env: (id, name) => {
      const key = `OIDC_${id.toUpperCase()}`;
      return {
        [`${key}_ISSUER`]: issuer,
        [`${key}_CLIENT_ID`]: clientId,
        [`${key}_CLIENT_SECRET`]: clientSecret,
        [`${key}_NAME`]: name,
      };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The claims an account at the provider has; `login_hint` carries them to it. */
export interface ProviderAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
}

/** The value of one cookie set by an answer, if it set it. */
export function setCookie(headers: Record<string, unknown>, name: string): string | undefined {
  const all = ([] as string[]).concat((headers['set-cookie'] as string[] | string) ?? []);
  const found = all.find((one) => one.startsWith(`${name}=`));
  return found?.split(';')[0].slice(name.length + 1);
}

/** Where the provider sent the browser back, and the attempt cookie the start set. */
export interface ProviderAnswer {
  callback: URL;
  attempt: string;
}

/**
 * Starts an attempt at the API and walks the provider's pages as a browser would (its cookies
 * kept), signing in as `account` (or declining, with 'deny'), up to the redirect back to the API.
 */
export async function atProvider(
  http: TestAgent,
  providerId: string,
  account: ProviderAccount | 'deny',
  options: { intent?: 'sign-in' | 'link'; auth?: Record<string, string> } = {},
): Promise<ProviderAnswer> {
  const start = await http
    .post(`/api/auth/oidc/${providerId}/start`)
    .set(options.auth ?? {})
    .send({ intent: options.intent ?? 'sign-in' })
    .expect(201);
  const attempt = setCookie(start.headers, 'oidc_attempt');
  if (!attempt) throw new Error('the start set no attempt cookie');
  let url = new URL(start.body.url as string);
  const hint =
    account === 'deny' ? 'deny' : Buffer.from(JSON.stringify(account)).toString('base64url');
  url.searchParams.set('login_hint', hint);
  const jar = new Map<string, string>();
  for (let hop = 0; hop < 10 && !url.pathname.endsWith('/callback'); hop++) {
    const answer = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const cookie of answer.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = answer.headers.get('location');
    if (!location)
      throw new Error(`the provider answered ${answer.status}: ${await answer.text()}`);
    url = new URL(location, url);
  }
  return { callback: url, attempt };
}

/** The API's answer to the provider's redirect: where it sends the browser, and its cookies. */
export async function backAtApi(
  http: TestAgent,
  callback: URL,
  attempt: string | undefined,
): Promise<{ location: string; handOff?: string; attemptCleared: boolean }> {
  const res = await http
    .get(callback.pathname + callback.search)
    .set(attempt ? { Cookie: `oidc_attempt=${attempt}` } : {})
    .expect(302);
  return {
    location: res.headers.location as string,
    handOff: setCookie(res.headers, 'oidc_handoff') || undefined,
    attemptCleared: setCookie(res.headers, 'oidc_attempt') === '',
  };
}

/** The whole sign-in: provider, callback, and the SPA's exchange of the hand-off for a session. */
export async function signInWithProvider(
  http: TestAgent,
  providerId: string,
  account: ProviderAccount,
): Promise<{ token: string; user: Record<string, unknown>; auth: { Authorization: string } }> {
  const { callback, attempt } = await atProvider(http, providerId, account);
  const back = await backAtApi(http, callback, attempt);
  if (back.location !== '/login?oidc=signed-in') throw new Error(`ended at ${back.location}`);
  const res = await http
    .post('/api/auth/oidc/session')
    .set('Cookie', `oidc_handoff=${back.handOff}`)
    .expect(200);
  return { ...res.body, auth: { Authorization: `Bearer ${res.body.token}` } };
}
