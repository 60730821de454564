import { api, unwrap } from '@diaspora/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContentType, ReactionKind, ReactionSummary } from './reactionTypes';

function postReaction(type: ContentType, id: string, kind: ReactionKind): Promise<ReactionSummary> {
  const params = { path: { type, id } };
  return unwrap(
    kind === 'like'
      ? api.POST('/api/reactions/{type}/{id}/like', { params })
      : api.POST('/api/reactions/{type}/{id}/dislike', { params }),
  );
}

/** Likes or dislikes an item; the server answers with the new counts and my reaction. */
export function useReact(type: ContentType, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: ReactionKind) => postReaction(type, id, kind),
    // Lists and detail pages carry the counts and my reaction: refresh them in the background.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [type] }),
  });
}
