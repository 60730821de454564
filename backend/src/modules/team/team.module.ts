import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module';
import { TeamController } from './team.controller';
import { TeamDemoSeeder } from './team.demo';
import { TeamRepository } from './team.repository';
import { TeamService } from './team.service';

@Module({
  imports: [MediaModule],
  controllers: [TeamController],
  providers: [TeamRepository, TeamService, TeamDemoSeeder],
})
export class TeamModule {}
