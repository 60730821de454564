import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import passport from 'passport';
import { Strategy as PassportJwt } from 'passport-jwt';
import { AuthUser } from '../../common/auth/auth.decorators';
import { AuthService, TokenPayload } from './auth.service';
import { bearerToken, VerifiedTokens } from './verified-tokens';

/** passport-jwt's verifier hook: a static, `(token, key, options, done)`. */
type JwtVerifier = (
  token: string,
  key: unknown,
  options: object,
  done: (error: Error | null, payload?: TokenPayload) => void,
) => void;
const JwtStrategyClass = PassportJwt as unknown as { JwtVerifier: JwtVerifier };
const jsonwebtokenVerifier = JwtStrategyClass.JwtVerifier;

// passport-jwt verifies through its one static hook; a key that is a VerifiedTokens answers from
// its memo (signature and expiry checked once per token), any other key goes to jsonwebtoken.
JwtStrategyClass.JwtVerifier = (token, key, options, done) => {
  if (!(key instanceof VerifiedTokens)) return jsonwebtokenVerifier(token, key, options, done);
  const payload = key.verify(token);
  if (payload) done(null, payload);
  else done(new Error('invalid token'));
};

/** Strategies made in this process: each app's gets its own name (tests run several apps). */
let strategiesMade = 0;

/**
 * Passport's `jwt` strategy for the API's bearer tokens: the token checks out (HS256, expiry), then
 * the account as it is now (AuthService.resolveCaller: gone, blocked, signed out everywhere).
 * Registered on Passport under a name of its own, so two apps in one process never share one.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(PassportJwt) implements OnApplicationShutdown {
  override readonly name: string;

  constructor(
    tokens: VerifiedTokens,
    private readonly auth: AuthService,
  ) {
    super({
      jwtFromRequest: (request: { headers: Record<string, unknown> }) =>
        bearerToken(request.headers.authorization) ?? null,
      // The "key" is the memo itself: the verifier hook above knows it (the typings want a string).
      secretOrKeyProvider: (_request, _token, done) => done(null, tokens as unknown as string),
    });
    this.name = `jwt#${++strategiesMade}`;
    passport.use(this.name, this);
  }

  /** Registration happens in the constructor under this instance's own name (not the shared `jwt`). */
  getPassportInstance(): { use: () => void } {
    return { use: () => undefined };
  }

  /** The caller, or undefined (a 401) when the account is gone or the token's version is old. */
  validate(payload: TokenPayload): Promise<AuthUser | undefined> {
    return this.auth.resolveCaller(payload);
  }

  /** After the drain, not before it: a replica stopping still answers members' requests. */
  onApplicationShutdown(): void {
    passport.unuse(this.name);
  }
}
