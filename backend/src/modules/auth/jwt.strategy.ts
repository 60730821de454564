import { createSecretKey } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { AuthUser } from '../../common/auth/auth.decorators';
import { AuthService, TokenPayload } from './auth.service';

/** Bearer JWT → the current account (so a deleted account or a changed role takes effect at once). */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly auth: AuthService,
  ) {
    // A KeyObject made once: given the text, jsonwebtoken first tries (and fails) to read it as a
    // public key on every request, a measurable share of a signed-in request's CPU.
    const key = createSecretKey(Buffer.from(config.jwtSecret));
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // The typings say string | Buffer; jsonwebtoken takes a KeyObject as it is.
      secretOrKeyProvider: (_request, _token, done) => done(null, key as unknown as Buffer),
      algorithms: ['HS256'],
    });
  }

  async validate(payload: TokenPayload): Promise<AuthUser | false> {
    if (typeof payload?.sub !== 'string') return false;
    return (await this.auth.resolveCaller(payload)) ?? false;
  }
}
