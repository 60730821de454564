import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { UsersModule } from '../users/users.module';
import { OidcClients } from './oidc-clients';
import { OidcController } from './oidc.controller';
import { OidcService } from './oidc.service';

/** Sign-in with OpenID Connect providers (ADR 0051). */
@Module({
  imports: [AuthModule, UsersModule],
  controllers: [OidcController],
  providers: [OidcClients, OidcService],
})
export class OidcModule {}
