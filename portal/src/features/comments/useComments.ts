import { api, unwrap } from '@diaspora/api-client';
import type { components } from '@diaspora/api-client';
import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { ContentType, ReactionKind } from '../reactions/reactionTypes';

export type Comment = components['schemas']['CommentDto'];
export type CommentReactions = components['schemas']['CommentReactionsDto'];

const THREAD_PAGE_SIZE = 10;
/** Replies per request; further pages come with "Show more replies". */
export const REPLIES_PAGE_SIZE = 50;

const threadKey = (type: ContentType, id: string) => ['comments', type, id] as const;
const repliesKey = (commentId: string) => ['comments', 'replies', commentId] as const;

/** Top-level comments, newest first, a page at a time ("Show more comments"). */
export function useThread(type: ContentType, id: string) {
  return useInfiniteQuery({
    queryKey: threadKey(type, id),
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      unwrap(
        api.GET('/api/comments/{contentType}/{contentId}', {
          params: {
            path: { contentType: type, contentId: id },
            query: { page: pageParam, limit: THREAD_PAGE_SIZE },
          },
        }),
      ),
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
  });
}

/** Replies of one comment, oldest first, loaded when the replies are shown, a page at a time. */
export function useReplies(commentId: string) {
  return useInfiniteQuery({
    queryKey: repliesKey(commentId),
    retry: false,
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      unwrap(
        api.GET('/api/comments/replies/{commentId}', {
          params: { path: { commentId }, query: { page: pageParam, limit: REPLIES_PAGE_SIZE } },
        }),
      ),
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
  });
}

function refreshThread(queryClient: QueryClient, type: ContentType, id: string) {
  return queryClient.invalidateQueries({ queryKey: threadKey(type, id) });
}

export interface NewComment {
  content: string;
  parentComment?: string;
}

export function usePostComment(type: ContentType, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: NewComment) =>
      unwrap(api.POST('/api/comments', { body: { ...comment, contentType: type, contentId: id } })),
    onSuccess: async (created) => {
      if (created.parentComment) {
        await queryClient.invalidateQueries({ queryKey: repliesKey(created.parentComment) });
      }
      await refreshThread(queryClient, type, id);
    },
  });
}

/** Likes or dislikes a comment; the caller shows the counts the server answers with. */
export function useReactToComment() {
  return useMutation({
    mutationFn: ({ commentId, kind }: { commentId: string; kind: ReactionKind }) => {
      const params = { path: { id: commentId } };
      return unwrap(
        kind === 'like'
          ? api.POST('/api/comments/{id}/like', { params })
          : api.POST('/api/comments/{id}/dislike', { params }),
      );
    },
  });
}

export function useDeleteComment(type: ContentType, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: Comment) =>
      unwrap(api.DELETE('/api/comments/{id}', { params: { path: { id: comment._id } } })),
    onSuccess: async (_result, comment) => {
      if (comment.parentComment) {
        await queryClient.invalidateQueries({ queryKey: repliesKey(comment.parentComment) });
      }
      await refreshThread(queryClient, type, id);
    },
  });
}
