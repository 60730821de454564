import { Injectable, OnModuleInit } from '@nestjs/common';
import { StatsRegistry } from '../stats/stats.registry';
import { DirectoryRepository } from './directory.repository';

/** The home page counts approved businesses only. */
@Injectable()
export class DirectoryStats implements OnModuleInit {
  constructor(
    private readonly stats: StatsRegistry,
    private readonly listings: DirectoryRepository,
  ) {}

  onModuleInit(): void {
    this.stats.register('businesses', () => this.listings.countByStatus('approved'));
  }
}
