import { Injectable, OnModuleInit } from '@nestjs/common';
import { AccountDataRegistry } from '../../common/account/account-data-registry';
import type { AuthUser } from '../../common/auth/auth.decorators';
import { ContentRegistry, ContentType } from '../../common/content/content-registry';
import { ReactionKind, ReactionsRepository } from './reactions.repository';

/** What can be reacted to: the engagement content types, and comments. */
export type ReactionTarget = ContentType | 'comments';

/** Who reacted to one item: user ids, as spec section 3 puts them on events, news and listings. */
export interface ReactionLists {
  likes: string[];
  dislikes: string[];
}

export type UserReaction = ReactionKind | 'none';

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
    const type = await this.content.require(typeName, id, caller);
    await this.reactions.toggle(type, id, caller.id, kind);
    return this.summary(type, id, caller.id);
  }

  /** Toggles a reaction on a target the caller has already checked (comments use this). */
  async toggle(
    type: ReactionTarget,
    id: string,
    userId: string,
    kind: ReactionKind,
  ): Promise<ReactionLists> {
    await this.reactions.toggle(type, id, userId, kind);
    return (await this.summaries(type, [id])).get(id) ?? { likes: [], dislikes: [] };
  }

  async summary(type: ReactionTarget, id: string, userId?: string): Promise<ReactionSummary> {
    const lists = (await this.summaries(type, [id])).get(id) ?? { likes: [], dislikes: [] };
    const userReaction: UserReaction = !userId
      ? 'none'
      : lists.likes.includes(userId)
        ? 'like'
        : lists.dislikes.includes(userId)
          ? 'dislike'
          : 'none';
    return { likes: lists.likes.length, dislikes: lists.dislikes.length, userReaction };
  }

  /**
   * Contract for other modules (events, news, directory, comments): for each id, the user ids
   * that like and dislike it. Every requested id is in the map, with empty lists when nobody
   * reacted; ids are not checked for existence. One query for the whole page of items.
   */
  async summaries(type: ReactionTarget, ids: string[]): Promise<Map<string, ReactionLists>> {
    const unique = [...new Set(ids)];
    const result = new Map<string, ReactionLists>(
      unique.map((id) => [id, { likes: [], dislikes: [] }]),
    );
    for (const row of await this.reactions.listFor(type, unique)) {
      const lists = result.get(row.targetId);
      if (!lists) continue;
      (row.kind === 'like' ? lists.likes : lists.dislikes).push(row.userId);
    }
    return result;
  }

  /** Forgets every reaction to these items; call it when the items are deleted. */
  removeFor(type: ReactionTarget, ids: string[]): Promise<void> {
    return this.reactions.removeFor(type, ids);
  }
}
