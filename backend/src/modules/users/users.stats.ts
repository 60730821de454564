import { Injectable, OnModuleInit } from '@nestjs/common';
import { StatsRegistry } from '../stats/stats.registry';
import { UsersRepository } from './users.repository';

/** The home page counts every account as a member. */
@Injectable()
export class UsersStats implements OnModuleInit {
  constructor(
    private readonly stats: StatsRegistry,
    private readonly users: UsersRepository,
  ) {}

  onModuleInit(): void {
    this.stats.register('members', () => this.users.count());
  }
}
