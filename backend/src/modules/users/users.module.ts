import { Module, OnModuleInit } from '@nestjs/common';
import { AccountDataRegistry } from '../../common/account/account-data-registry';
import { ActivityRegistry } from '../../common/activity/activity-registry';
import { MailService } from '../mail/mail.service';
import { MediaModule } from '../media/media.module';
import { toUserDto } from './users.dto';
import { UsersController } from './users.controller';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';
import { UsersStats } from './users.stats';
import { users } from './users.schema';
import { userIdentities } from './identities.schema';
import { IdentitiesRepository } from './identities.repository';

@Module({
  controllers: [UsersController],
  imports: [MediaModule],
  providers: [UsersRepository, IdentitiesRepository, UsersService, UsersStats],
  exports: [UsersService, IdentitiesRepository],
})
export class UsersModule implements OnModuleInit {
  constructor(
    private readonly activity: ActivityRegistry,
    private readonly users: UsersService,
    private readonly mail: MailService,
    private readonly accountData: AccountDataRegistry,
  ) {}

  onModuleInit(): void {
    this.mail.useRecipientLanguages((emails) => this.users.languagesOf(emails));
    this.accountData.register({
      key: 'profile',
      // Linked sign-in accounts go with the account row (ON DELETE CASCADE).
      tables: [users, userIdentities],
      export: async (owner) => {
        const row = await this.users.findById(owner.id);
        return row ? toUserDto(row) : null;
      },
      // The account row itself goes last, in the account module, after every other part.
      erase: async () => undefined,
    });
    this.activity.register({
      key: 'registrations',
      countByDay: (from, to) => this.users.registrationsByDay(from, to),
    });
  }
}
