import { Global, Module } from '@nestjs/common';
import { StatsController } from './stats.controller';
import { StatsRegistry } from './stats.registry';

/** Global so that every content module can register its counter. */
@Global()
@Module({ controllers: [StatsController], providers: [StatsRegistry], exports: [StatsRegistry] })
export class StatsModule {}
