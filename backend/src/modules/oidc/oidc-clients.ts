import { Inject, Injectable } from '@nestjs/common';
import * as client from 'openid-client';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { isLoopback, OidcProviderConfig } from '../../config/oidc-providers';

/** What one attempt keeps between its start and the provider's answer (in a sealed cookie). */
export interface OidcAttemptSecrets {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The claims a sign-in uses, after the ID token (and userinfo, when needed) checked out. */
export interface OidcClaims {
  subject: string;
  email?: string;
  /** True only when the provider says so in so many words (`email_verified: true`). */
  emailVerified: boolean;
  name?: string;
  picture?: string;
}

/** Where a failure came from: the provider could not be reached, or it refused the code. */
export class OidcProviderError extends Error {
  constructor(
    readonly kind: 'unavailable' | 'code',
    cause: unknown,
  ) {
    super(`OpenID provider ${kind}`, { cause });
  }
}

/**
 * The openid-client side of sign-in: each configured provider's discovered configuration (fetched
 * on first use, again after a failure), the authorisation URL with PKCE (S256), state and nonce,
 * and the code grant that checks them and the ID token.
 */
@Injectable()
export class OidcClients {
  private readonly configurations = new Map<string, Promise<client.Configuration>>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  providers(): OidcProviderConfig[] {
    return this.config.oidcProviders;
  }

  provider(id: string): OidcProviderConfig | undefined {
    return this.config.oidcProviders.find((one) => one.id === id);
  }

  /** Where the provider sends the member back: `<PUBLIC_URL>/api/auth/oidc/<id>/callback`. */
  redirectUri(provider: OidcProviderConfig): string {
    return new URL(`/api/auth/oidc/${provider.id}/callback`, this.config.publicUrl).toString();
  }

  /** The authorisation URL and the secrets the answer must match. */
  async authorizationUrl(
    provider: OidcProviderConfig,
  ): Promise<{ url: string; secrets: OidcAttemptSecrets }> {
    const configuration = await this.configuration(provider);
    const secrets: OidcAttemptSecrets = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier: client.randomPKCECodeVerifier(),
    };
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri(provider),
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(secrets.codeVerifier),
      code_challenge_method: 'S256',
      state: secrets.state,
      nonce: secrets.nonce,
    });
    return { url: url.href, secrets };
  }

  /**
   * Exchanges the answer's code (PKCE verifier, state and nonce checked by openid-client) and
   * returns the member's claims from the ID token, completed from userinfo when it lacks the email.
   */
  async claims(
    provider: OidcProviderConfig,
    answer: URL,
    secrets: OidcAttemptSecrets,
  ): Promise<OidcClaims> {
    const configuration = await this.configuration(provider);
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(configuration, answer, {
        pkceCodeVerifier: secrets.codeVerifier,
        expectedState: secrets.state,
        expectedNonce: secrets.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      throw new OidcProviderError(isUnreachable(error) ? 'unavailable' : 'code', error);
    }
    const idToken = tokens.claims();
    if (!idToken) throw new OidcProviderError('code', new Error('no ID token'));
    let claims: Record<string, unknown> = { ...idToken };
    if (typeof claims.email !== 'string' && configuration.serverMetadata().userinfo_endpoint) {
      try {
        const info = await client.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
        claims = { ...info, ...claims };
      } catch (error) {
        throw new OidcProviderError('unavailable', error);
      }
    }
    const text = (value: unknown) =>
      typeof value === 'string' && value.trim() ? value.trim() : undefined;
    return {
      subject: idToken.sub,
      email: text(claims.email)?.toLowerCase(),
      emailVerified: claims.email_verified === true,
      name: text(claims.name) ?? text([claims.given_name, claims.family_name].join(' ')),
      picture: text(claims.picture),
    };
  }

  /** The provider's discovered configuration; a failed discovery is forgotten and tried again. */
  private configuration(provider: OidcProviderConfig): Promise<client.Configuration> {
    let found = this.configurations.get(provider.id);
    if (!found) {
      const issuer = new URL(provider.issuer);
      found = client
        .discovery(
          issuer,
          provider.clientId,
          provider.clientSecret,
          undefined,
          // http only for a provider on this machine (config refuses it elsewhere).
          isLoopback(issuer)
            ? { execute: [client.allowInsecureRequests], timeout: 10 }
            : { timeout: 10 },
        )
        .catch((error: unknown) => {
          this.configurations.delete(provider.id);
          throw new OidcProviderError('unavailable', error);
        });
      this.configurations.set(provider.id, found);
    }
    return found;
  }
}

/** A network failure, a timeout or a provider's 5xx, as opposed to a refusal (invalid_grant...). */
function isUnreachable(error: unknown): boolean {
  if (error instanceof client.ResponseBodyError) return error.status >= 500;
  // fetch's "fetch failed" TypeError (by name: it may come from another realm), or a timeout,
  // anywhere along the causes openid-client wraps it in.
  for (
    let at = error;
    typeof at === 'object' && at !== null;
    at = (at as { cause?: unknown }).cause
  ) {
    const { name, code } = at as { name?: string; code?: string };
    if (name === 'TypeError' || name === 'TimeoutError' || code === 'OAUTH_TIMEOUT') return true;
  }
  return false;
}
