import type { ContentType, UserReaction } from '@diaspora/api-client';

export type { ContentType };

/** What a click sends: a like or a dislike (`none` is only ever an answer). */
export type ReactionKind = Exclude<UserReaction, 'none'>;

/** Counts and my own reaction (spec section 3, "Reaction summary"). */
export interface ReactionSummary {
  likes: number;
  dislikes: number;
  userReaction: UserReaction;
}

/** What events, news, listings and comments carry: counts and the caller's own reaction. */
export interface ReactionCounts {
  likes: number;
  dislikes: number;
  /** null when the item was read as a guest. */
  myReaction: UserReaction | null;
}

/** An item's counts as the reaction summary the buttons show. */
export function summarise(counts: ReactionCounts): ReactionSummary {
  return {
    likes: counts.likes,
    dislikes: counts.dislikes,
    userReaction: counts.myReaction ?? 'none',
  };
}
