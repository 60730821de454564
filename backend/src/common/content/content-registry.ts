import { Global, Injectable, Module } from '@nestjs/common';
import { AppException } from '../errors/app-exception';
import { isUuid } from '../validation/uuid.pipe';

/** The kinds of content that take comments, reactions and views. */
export const CONTENT_TYPES = ['events', 'news', 'directory'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** Clients say `event` or `events` (spec 7: "type event maps to events"); both mean the same. */
const ALIASES: Record<string, ContentType> = {
  event: 'events',
  events: 'events',
  news: 'news',
  directory: 'directory',
  listing: 'directory',
  listings: 'directory',
};

export function toContentType(value: string): ContentType | undefined {
  return ALIASES[value?.toLowerCase?.()];
}

export interface ContentSource {
  /** True when the item exists and the caller may engage with it (e.g. a published article). */
  exists(id: string): Promise<boolean>;
}

/**
 * Lets engagement features (comments, reactions, views) check their target without reading
 * another module's tables: each content module registers itself in onModuleInit.
 */
@Injectable()
export class ContentRegistry {
  private readonly sources = new Map<ContentType, ContentSource>();

  register(type: ContentType, source: ContentSource): void {
    this.sources.set(type, source);
  }

  /** Resolves the type name and throws a clear 400/404 when the type or the item is unknown. */
  async require(typeName: string, id: string): Promise<ContentType> {
    const type = toContentType(typeName);
    const source = type && this.sources.get(type);
    if (!type || !source) {
      throw AppException.invalidField('contentType', `Unknown content type "${typeName}"`);
    }
    if (!isUuid(id) || !(await source.exists(id))) {
      throw AppException.notFound('The content you are responding to was not found');
    }
    return type;
  }
}

@Global()
@Module({ providers: [ContentRegistry], exports: [ContentRegistry] })
export class ContentModule {}
