import { Global, Injectable, Module } from '@nestjs/common';
import { AppException } from '../errors/app-exception';
import { isUuid } from '../validation/uuid.pipe';
import { FieldErrorCode } from '../errors/common.errors';
import { ContentErrorCode } from './content.errors';

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

/** What an engagement feature does when an item it engages with is deleted. */
export type RemovalListener = (type: ContentType, id: string) => Promise<void>;

/**
 * Lets engagement features (comments, reactions, views) check their target without reading
 * another module's tables: each content module registers itself in onModuleInit, and tells
 * the registry when it deletes an item so that every engagement feature cleans up after it.
 */
@Injectable()
export class ContentRegistry {
  private readonly sources = new Map<ContentType, ContentSource>();
  private readonly removalListeners: RemovalListener[] = [];

  register(type: ContentType, source: ContentSource): void {
    this.sources.set(type, source);
  }

  onRemoved(listener: RemovalListener): void {
    this.removalListeners.push(listener);
  }

  /** Called by a content module after deleting an item: its comments, reactions and views go too. */
  async removed(type: ContentType, id: string): Promise<void> {
    await Promise.all(this.removalListeners.map((listener) => listener(type, id)));
  }

  /** Resolves the type name and throws a clear 400/404 when the type or the item is unknown. */
  async require(typeName: string, id: string): Promise<ContentType> {
    const type = toContentType(typeName);
    const source = type && this.sources.get(type);
    if (!type || !source) {
      throw AppException.invalidField(
        'contentType',
        `Unknown content type "${typeName}"`,
        FieldErrorCode.NOT_ALLOWED,
      );
    }
    if (!isUuid(id) || !(await source.exists(id))) {
      throw AppException.notFound(
        'The content you are responding to was not found',
        ContentErrorCode.CONTENT_NOT_FOUND,
      );
    }
    return type;
  }
}

@Global()
@Module({ providers: [ContentRegistry], exports: [ContentRegistry] })
export class ContentModule {}
