import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { AuthUser } from '../../common/auth/auth.decorators';
import { AppException } from '../../common/errors/app-exception';
import { MailService } from '../mail/mail.service';
import { toUserDto } from '../users/users.dto';
import { UsersService } from '../users/users.service';
import { AuthResponseDto, LoginDto, RegisterDto } from './auth.dto';
import { decoyPasswordHash, hashPassword, verifyPassword } from './password';
import { AuthErrorCode } from './auth.errors';

export interface TokenPayload {
  sub: string;
}

const LOGIN_FAILED = 'Invalid email or password';

/** Registration, sign-in and the token that carries the session. */
@Injectable()
export class AuthService implements OnApplicationBootstrap {
  private readonly logger = new Logger('AuthService');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
    private readonly jwt: JwtService,
    private readonly mail: MailService,
  ) {}

  /** ADMIN_EMAIL + ADMIN_PASSWORD create that admin at boot, or promote the existing account. */
  async onApplicationBootstrap(): Promise<void> {
    const { adminEmail, adminPassword, adminName } = this.config;
    if (!adminEmail || !adminPassword) return;
    await this.users.ensureAdmin({
      email: adminEmail,
      name: adminName,
      passwordHash: await hashPassword(adminPassword),
    });
    this.logger.log(`admin account ${adminEmail} is ready`);
  }

  async register(dto: RegisterDto): Promise<AuthResponseDto> {
    const user = await this.users.create({
      name: dto.name,
      email: dto.email,
      passwordHash: await hashPassword(dto.password),
      country: dto.country,
      profession: dto.profession,
      bio: dto.bio || null,
      interests: dto.interests ?? [],
    });
    await this.mail.send('welcome', user.email, {
      name: user.name,
      siteUrl: this.config.publicUrl,
    });
    return { token: this.sign(user.id), user: toUserDto(user) };
  }

  async login(dto: LoginDto): Promise<AuthResponseDto> {
    const user = await this.users.findByEmail(dto.email);
    const valid = await verifyPassword(
      user?.passwordHash ?? (await decoyPasswordHash()),
      dto.password,
    );
    if (!user || !valid)
      throw AppException.unauthorized(LOGIN_FAILED, AuthErrorCode.INVALID_CREDENTIALS);
    return { token: this.sign(user.id), user: toUserDto(user) };
  }

  /** Resolves a verified token's subject to the caller, or undefined when the account is gone. */
  async resolveCaller(payload: TokenPayload): Promise<AuthUser | undefined> {
    const user = await this.users.findById(payload.sub);
    return user ? { id: user.id, role: user.role, name: user.name, email: user.email } : undefined;
  }

  private sign(userId: string): string {
    return this.jwt.sign({ sub: userId } satisfies TokenPayload);
  }
}
