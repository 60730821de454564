import { Module } from '@nestjs/common';
import { UsersController } from './users.controller';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';
import { UsersStats } from './users.stats';

@Module({
  controllers: [UsersController],
  providers: [UsersRepository, UsersService, UsersStats],
  exports: [UsersService],
})
export class UsersModule {}
