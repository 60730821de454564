import { Module, OnModuleInit } from '@nestjs/common';
import { ActivityRegistry } from '../../common/activity/activity-registry';
import { UsersController } from './users.controller';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';
import { UsersStats } from './users.stats';

@Module({
  controllers: [UsersController],
  providers: [UsersRepository, UsersService, UsersStats],
  exports: [UsersService],
})
export class UsersModule implements OnModuleInit {
  constructor(
    private readonly activity: ActivityRegistry,
    private readonly users: UsersService,
  ) {}

  onModuleInit(): void {
    this.activity.register({
      key: 'registrations',
      countByDay: (from, to) => this.users.registrationsByDay(from, to),
    });
  }
}
