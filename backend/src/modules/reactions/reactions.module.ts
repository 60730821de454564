import { Module } from '@nestjs/common';
import { ReactionsController } from './reactions.controller';
import { ReactionsRepository } from './reactions.repository';
import { ReactionsService } from './reactions.service';

/** Exports ReactionsService: `counts(type, ids, userId?)` puts counts and my reaction on content. */
@Module({
  controllers: [ReactionsController],
  providers: [ReactionsRepository, ReactionsService],
  exports: [ReactionsService],
})
export class ReactionsModule {}
