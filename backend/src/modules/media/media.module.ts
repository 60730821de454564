import { Module } from '@nestjs/common';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { MediaController } from './media.controller';
import { MediaService } from './media.service';
import { S3Storage } from './media.s3-storage';
import { LocalDiskStorage, MEDIA_STORAGE } from './media.storage';

/** The one upload path: storage, image variants, multipart reading and file serving. */
@Module({
  controllers: [MediaController],
  providers: [
    {
      provide: MEDIA_STORAGE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        config.s3 ? new S3Storage(config.s3) : new LocalDiskStorage(config.uploadDir),
    },
    MediaService,
  ],
  exports: [MediaService],
})
export class MediaModule {}
