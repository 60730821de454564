import { Module } from '@nestjs/common';
import { ViewsController } from './views.controller';
import { ViewsRepository } from './views.repository';
import { ViewsService } from './views.service';

/** Exports ViewsService: `counts(type, ids)` puts `views` on events, news and listings. */
@Module({
  controllers: [ViewsController],
  providers: [ViewsRepository, ViewsService],
  exports: [ViewsService],
})
export class ViewsModule {}
