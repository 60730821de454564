import { Global, Module } from '@nestjs/common';
import { ResponseCache } from './response-cache';

/** The shared read-answer cache (see ResponseCache). */
@Global()
@Module({ providers: [ResponseCache], exports: [ResponseCache] })
export class CacheModule {}
