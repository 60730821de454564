import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { UsersModule } from '../users/users.module';
import { AccountController, AccountDeletionController } from './account.controller';
import { AccountService } from './account.service';

/** "My data": the export and the deletion of a member's own account, over the account registry. */
@Module({
  imports: [UsersModule, AuthModule],
  controllers: [AccountController, AccountDeletionController],
  providers: [AccountService],
})
export class AccountModule {}
