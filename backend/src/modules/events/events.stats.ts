import { Injectable, OnModuleInit } from '@nestjs/common';
import { StatsRegistry } from '../stats/stats.registry';
import { EventsRepository } from './events.repository';

/** The home page counts active events that have not started yet. */
@Injectable()
export class EventsStats implements OnModuleInit {
  constructor(
    private readonly stats: StatsRegistry,
    private readonly events: EventsRepository,
  ) {}

  onModuleInit(): void {
    this.stats.register('upcomingEvents', () => this.events.countUpcoming(new Date()));
  }
}
