import { Global, Injectable, Module } from '@nestjs/common';
import type { AuthUser } from '../auth/auth.decorators';
import { AppException } from '../errors/app-exception';
import { isUuid } from '../validation/uuid.pipe';
import { FieldErrorCode } from '../errors/common.errors';
import { Transactions } from '../../db/transactions';
import { ContentLocksRepository } from './content-locks.repository';
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
 * another module's tables: each content module registers itself in onModuleInit, and deletes
 * its items through `deleteWithEngagement` so that every engagement feature cleans up after it
 * in the same transaction.
 *
 * The engagement tables have no foreign key to the items, so a comment written while its item
 * is deleted could outlive it: engagement writes go through `engage`, which holds the item's
 * advisory lock shared, and a deletion holds it alone. Whichever comes second waits: a write
 * after the deletion finds no item (404), a deletion after the write removes what it wrote.
 */
@Injectable()
export class ContentRegistry {
  private readonly sources = new Map<ContentType, ContentSource>();
  private readonly removalListeners: RemovalListener[] = [];

  constructor(
    private readonly transactions: Transactions,
    private readonly locks: ContentLocksRepository,
  ) {}

  register(type: ContentType, source: ContentSource): void {
    this.sources.set(type, source);
  }

  /** The types a module has registered a source for (registrations.spec.ts checks them all). */
  registeredTypes(): ContentType[] {
    return [...this.sources.keys()];
  }

  onRemoved(listener: RemovalListener): void {
    this.removalListeners.push(listener);
  }

  /**
   * Deletes an item and its comments, reactions and views in one transaction: `remove` deletes
   * the item's own rows and answers an outcome; when `deleted(outcome)` says it went, every
   * engagement feature removes its rows too. A failure anywhere leaves all of it as it was.
   */
  async deleteWithEngagement<T>(
    type: ContentType,
    id: string,
    remove: () => Promise<T>,
    deleted: (outcome: T) => boolean = Boolean,
  ): Promise<T> {
    return this.transactions.run(async () => {
      // Taken first: engagement writes under way finish (and are cleaned below), new ones wait.
      await this.locks.exclusive(type, id);
      const outcome = await remove();
      if (deleted(outcome)) await this.removed(type, id);
      return outcome;
    });
  }

  /**
   * Items about to be deleted in bulk in the current transaction (an account's listings): each
   * item's lock is taken before its row is, the order deleteWithEngagement takes them in, so a
   * concurrent single deletion cannot hold one while waiting for the other (a deadlock).
   */
  async holdForDeletion(type: ContentType, ids: readonly string[]): Promise<void> {
    if (!Transactions.active()) {
      throw new Error(`${type}: items are held for deletion inside its transaction`);
    }
    for (const id of [...ids].sort()) await this.locks.exclusive(type, id);
  }

  /**
   * The item was deleted in the current transaction: its comments, reactions and views go in it
   * too (an account deletion's listings come here; content modules use deleteWithEngagement).
   */
  async removed(type: ContentType, id: string): Promise<void> {
    if (!Transactions.active()) {
      throw new Error(
        `${type} ${id}: engagement is removed inside the item's deletion transaction`,
      );
    }
    await this.locks.exclusive(type, id);
    // One after another: inside a transaction they share one connection.
    for (const listener of this.removalListeners) await listener(type, id);
  }

  /**
   * Runs an engagement write (a comment, a reaction, a view) on an item in one transaction that
   * holds the item against deletion: the target is checked as `require` does (400, 401, 404),
   * under the item's shared lock, then `work` writes. See the class comment for why.
   */
  async engage<T>(
    typeName: string,
    id: string,
    caller: AuthUser | undefined,
    work: (type: ContentType) => Promise<T>,
  ): Promise<T> {
    return this.transactions.run(async () => {
      const known = toContentType(typeName);
      if (known && isUuid(id)) await this.locks.share(known, id);
      const type = await this.require(typeName, id, caller);
      return work(type);
    });
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
@Module({ providers: [ContentRegistry, ContentLocksRepository], exports: [ContentRegistry] })
export class ContentModule {}
