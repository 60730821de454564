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
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: config.jwtSecret,
      algorithms: ['HS256'],
    });
  }

  async validate(payload: TokenPayload): Promise<AuthUser | false> {
    if (typeof payload?.sub !== 'string') return false;
    return (await this.auth.resolveCaller(payload)) ?? false;
  }
}
