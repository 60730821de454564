import type { ReactionCounts } from '../../modules/reactions/reactions.service';

/** What every event, news article and listing carries: reaction counts, the caller's own, views. */
export interface Engagement extends ReactionCounts {
  views: number;
}

/**
 * One item's reactions out of a page's counts (ReactionsService.counts): an item nobody has
 * reacted to has zeros, and `myReaction` is null when the counts were asked for a guest.
 */
export function reactionsOf(id: string, reactions: Map<string, ReactionCounts>): ReactionCounts {
  const counts = reactions.get(id);
  return {
    likes: counts?.likes ?? 0,
    dislikes: counts?.dislikes ?? 0,
    myReaction: counts?.myReaction ?? null,
  };
}

/** One item's engagement out of a page's reaction and view counts (the views module's). */
export function engagementOf(
  id: string,
  reactions: Map<string, ReactionCounts>,
  views: Map<string, number>,
): Engagement {
  return { ...reactionsOf(id, reactions), views: views.get(id) ?? 0 };
}

/** Only the engagement fields of a mapper's extras, in the order the DTOs list them. */
export function engagementFields({ likes, dislikes, myReaction, views }: Engagement): Engagement {
  return { likes, dislikes, myReaction, views };
}
