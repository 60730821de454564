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

/** The caller's own reaction, read from an item's likes[] and dislikes[] (spec section 7). */
export function summarise(
  likes: readonly string[],
  dislikes: readonly string[],
  userId: string | undefined,
): ReactionSummary {
  const userReaction: UserReaction = !userId
    ? 'none'
    : likes.includes(userId)
      ? 'like'
      : dislikes.includes(userId)
        ? 'dislike'
        : 'none';
  return { likes: likes.length, dislikes: dislikes.length, userReaction };
}
