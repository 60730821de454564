import { LoginBackoff } from './login-backoff';
import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { JwtAuthGuard } from '../../common/auth/auth.guard';
import { UsersModule } from '../users/users.module';
import { AccountController } from './account.controller';
import { AccountMail } from './account-mail';
import { AccountTokens } from './account-tokens';
import { AccountTokensRepository } from './account-tokens.repository';
import { AccountService } from './account.service';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { VerifiedTokens } from './verified-tokens';
import { JwtStrategy } from './jwt.strategy';

@Module({
  imports: [
    UsersModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        secret: config.jwtSecret,
        signOptions: { expiresIn: config.jwtExpiresIn as never, algorithm: 'HS256' },
      }),
    }),
  ],
  controllers: [AuthController, AccountController],
  providers: [
    AuthService,
    AccountService,
    AccountMail,
    AccountTokens,
    AccountTokensRepository,
    VerifiedTokens,
    JwtStrategy,
    LoginBackoff,
    { provide: APP_GUARD, useClass: JwtAuthGuard },
  ],
  exports: [AuthService, LoginBackoff, AccountMail, AccountTokens],
})
export class AuthModule {}
