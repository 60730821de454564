import { Module } from '@nestjs/common';
import { ReactionsController } from './reactions.controller';
import { ReactionsRepository } from './reactions.repository';
import { ReactionsService } from './reactions.service';

/** Exports ReactionsService: `summaries(type, ids)` puts likes[] and dislikes[] on content. */
@Module({
  controllers: [ReactionsController],
  providers: [ReactionsRepository, ReactionsService],
  exports: [ReactionsService],
})
export class ReactionsModule {}
