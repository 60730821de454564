import { Injectable, OnModuleInit } from '@nestjs/common';
import { AccountDataRegistry } from '../../common/account/account-data-registry';
import type { AuthUser } from '../../common/auth/auth.decorators';
import { ContentRegistry, ContentType } from '../../common/content/content-registry';
import { ReactionKind, ReactionsRepository } from './reactions.repository';
import { reactions } from './reactions.schema';

/** What can be reacted to: the engagement content types, and comments. */
export type ReactionTarget = ContentType | 'comments';

export type UserReaction = ReactionKind | 'none';

/** A copy of a shared (cached) item with the caller's own reaction, from their reactions by id. */
export function withMyReaction<T extends { _id: string }>(
  item: T,
  mine: Map<string, UserReaction>,
): T {
  return { ...item, myReaction: mine.get(item._id) ?? 'none' };
}

/** What lists and detail pages carry per item: counts and the caller's own reaction (null: guest). */
export interface ReactionCounts {
  likes: number;
  dislikes: number;
  myReaction: UserReaction | null;
}

const NO_REACTIONS = (userId?: string): ReactionCounts => ({
  likes: 0,
  dislikes: 0,
  myReaction: userId ? 'none' : null,
});

/** Counts plus the caller's own reaction (spec section 3, "Reaction summary"). */
export interface ReactionSummary {
  likes: number;
  dislikes: number;
  userReaction: UserReaction;
}

/** Likes and dislikes: one per member and item; the same again removes it, the other switches. */
@Injectable()
export class ReactionsService implements OnModuleInit {
  constructor(
    private readonly reactions: ReactionsRepository,
    private readonly content: ContentRegistry,
    private readonly accountData: AccountDataRegistry,
  ) {}

  onModuleInit(): void {
    this.content.onRemoved((type, id) => this.removeFor(type, [id]));
    this.accountData.register({
      key: 'reactions',
      tables: [reactions],
      export: (owner) => this.reactions.byUser(owner.id),
      // A like is the member's own act, not content others built on: it goes with the account.
      erase: (owner) => this.reactions.removeByUser(owner.id),
    });
  }

  /** GET /reactions/:type/:id: validates the target through the content registry. */
  async summaryOf(typeName: string, id: string, caller?: AuthUser): Promise<ReactionSummary> {
    const type = await this.content.require(typeName, id, caller);
    return this.summary(type, id, caller?.id);
  }

  /** POST /reactions/:type/:id/like|dislike. */
  async react(
    typeName: string,
    id: string,
    caller: AuthUser,
    kind: ReactionKind,
  ): Promise<ReactionSummary> {
    // Written while the item is held against deletion: no reaction outlives its item.
    const type = await this.content.engage(typeName, id, caller, async (target) => {
      await this.reactions.toggle(target, id, caller.id, kind);
      return target;
    });
    return this.summary(type, id, caller.id);
  }

  /** Toggles a reaction on a target the caller has already checked (comments use this). */
  async toggle(
    type: ReactionTarget,
    id: string,
    userId: string,
    kind: ReactionKind,
  ): Promise<ReactionCounts> {
    await this.reactions.toggle(type, id, userId, kind);
    return (await this.counts(type, [id], userId)).get(id) ?? NO_REACTIONS(userId);
  }

  async summary(type: ReactionTarget, id: string, userId?: string): Promise<ReactionSummary> {
    const counts = (await this.counts(type, [id], userId)).get(id) ?? NO_REACTIONS(userId);
    return {
      likes: counts.likes,
      dislikes: counts.dislikes,
      userReaction: counts.myReaction ?? 'none',
    };
  }

  /**
   * Contract for other modules (events, news, directory, comments): for each id, how many like
   * and dislike it and, when a member asks, their own reaction. Every requested id is in the map;
   * ids are not checked for existence. One grouped query for the whole page of items.
   */
  async counts(
    type: ReactionTarget,
    ids: string[],
    userId?: string,
  ): Promise<Map<string, ReactionCounts>> {
    const unique = [...new Set(ids)];
    const result = new Map<string, ReactionCounts>(unique.map((id) => [id, NO_REACTIONS(userId)]));
    for (const row of await this.reactions.countsFor(type, unique, userId)) {
      result.set(row.targetId, {
        likes: row.likes,
        dislikes: row.dislikes,
        myReaction: userId ? ((row.mine as ReactionKind | null) ?? 'none') : null,
      });
    }
    return result;
  }

  /** The member's own reaction to each of these items (for answers whose counts are cached). */
  async mine(
    type: ReactionTarget,
    ids: string[],
    userId: string,
  ): Promise<Map<string, UserReaction>> {
    const result = new Map<string, UserReaction>(ids.map((id) => [id, 'none']));
    for (const row of await this.reactions.ownFor(type, ids, userId)) {
      result.set(row.targetId, row.kind as ReactionKind);
    }
    return result;
  }

  /** Forgets every reaction to these items; call it when the items are deleted. */
  removeFor(type: ReactionTarget, ids: string[]): Promise<void> {
    return this.reactions.removeFor(type, ids);
  }
}
