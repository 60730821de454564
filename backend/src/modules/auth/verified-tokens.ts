import { createSecretKey, KeyObject } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { LruMap } from 'toad-cache';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import type { TokenPayload } from './auth.service';

/** Tokens remembered per process; the least recently used go first. */
export const VERIFIED_TOKENS_MAX = 10_000;
/** The longest a verification is remembered, whatever the token's own expiry. */
export const VERIFIED_TOKENS_TTL_MS = 30_000;

/** The token of an `Authorization: Bearer <token>` header (the scheme in any case), if any. */
export function bearerToken(header: unknown): string | undefined {
  if (typeof header !== 'string') return undefined;
  const match = /^\s*(\S+)\s+(\S+)\s*$/.exec(header);
  return match && match[1].toLowerCase() === 'bearer' ? match[2] : undefined;
}

interface Verified {
  payload: TokenPayload;
  /** The token's own `exp` in ms (a hit after it is a miss), or Infinity when it carries none. */
  expiresAt: number;
}

/**
 * A bearer token's signature and expiry checked once, then remembered by its exact text (HMAC and
 * JSON parsing were about a tenth of a signed-in request's CPU). Only what the token itself says is
 * kept: whether the account still exists, is blocked, has a new role or a newer token version is
 * asked on every request (AuthService.resolveCaller), so no sign-out, block, role change or
 * deletion has to reach this cache. Refused tokens are not remembered.
 */
@Injectable()
export class VerifiedTokens {
  private readonly verified = new LruMap<Verified>(VERIFIED_TOKENS_MAX, VERIFIED_TOKENS_TTL_MS);
  /** A KeyObject made once: given the text, jsonwebtoken first tries it as a public key. */
  private readonly key: KeyObject;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly jwt: JwtService,
  ) {
    this.key = createSecretKey(Buffer.from(config.jwtSecret));
  }

  /** The payload of an `Authorization` header's bearer token that checks out, else undefined. */
  fromHeader(authorization: unknown): TokenPayload | undefined {
    const token = bearerToken(authorization);
    return token ? this.verify(token) : undefined;
  }

  /** The token's payload when its signature (HS256) and expiry check out, else undefined. */
  verify(token: string): TokenPayload | undefined {
    const hit = this.verified.get(token);
    if (hit) {
      if (hit.expiresAt > Date.now()) return hit.payload;
      this.verified.delete(token);
      return undefined;
    }
    let claims: TokenPayload & { exp?: unknown };
    try {
      claims = this.jwt.verify(token, {
        // The typings say string | Buffer; jsonwebtoken takes a KeyObject as it is.
        secret: this.key as unknown as string,
        algorithms: ['HS256'],
      });
    } catch {
      return undefined;
    }
    if (typeof claims?.sub !== 'string') return undefined;
    const payload: TokenPayload = { sub: claims.sub, ver: claims.ver };
    const expiresAt = typeof claims.exp === 'number' ? claims.exp * 1000 : Infinity;
    this.verified.set(token, { payload, expiresAt });
    return payload;
  }
}
