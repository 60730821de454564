import { Global, Injectable, Module } from '@nestjs/common';
import type { AuthUser } from '../auth/auth.decorators';
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

/** What a shared link to an item shows (Open Graph and Twitter card tags). */
export interface ContentPreview {
  title: string;
  /** Plain text, a sentence or two. */
  excerpt: string;
  /** Image URL, absolute or root-relative (e.g. /api/files/...). */
  image: string | null;
}

export interface ContentSource {
  /** True when the item exists and the caller may engage with it (e.g. a published article). */
  exists(id: string, caller?: AuthUser): Promise<boolean>;
  /** Guests may not read or touch anything of this type (the members-only directory). */
  membersOnly?: boolean;
  /** What a guest may see of the item in a link preview; undefined when it is not public. */
  preview?(id: string): Promise<ContentPreview | undefined>;
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
    // One after another: inside a transaction (an account deletion) they share one connection.
    for (const listener of this.removalListeners) await listener(type, id);
  }

  /** The link preview of a public item, or undefined (unknown type, id or item, or no previews). */
  async preview(type: ContentType, id: string): Promise<ContentPreview | undefined> {
    const source = this.sources.get(type);
    if (!source?.preview || !isUuid(id)) return undefined;
    return source.preview(id);
  }

  /**
   * Resolves the type name and throws a clear 400/404 when the type or the item is unknown, or
   * 401 when a guest reaches members-only content. The caller lets a source judge visibility.
   */
  async require(typeName: string, id: string, caller?: AuthUser): Promise<ContentType> {
    const type = toContentType(typeName);
    const source = type && this.sources.get(type);
    if (!type || !source) {
      throw AppException.invalidField(
        'contentType',
        `Unknown content type "${typeName}"`,
        FieldErrorCode.NOT_ALLOWED,
      );
    }
    if (source.membersOnly && !caller) {
      throw AppException.unauthorized('Please log in to see member-only content');
    }
    if (!isUuid(id) || !(await source.exists(id, caller))) {
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
