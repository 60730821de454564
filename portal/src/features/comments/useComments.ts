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

/** The first page has no cursor; each next one, the cursor the page before answered with. */
const FIRST_PAGE: string | null = null;
const nextPageOf = (last: { nextCursor: string | null }) => last.nextCursor ?? undefined;

/**
 * Top-level comments, newest first, a page at a time ("Show more comments"): each next page is
 * asked for by the previous answer's cursor, so comments posted or deleted meanwhile neither
 * repeat nor skip one.
 */
export function useThread(type: ContentType, id: string) {
  return useInfiniteQuery({
    queryKey: threadKey(type, id),
    initialPageParam: FIRST_PAGE,
    queryFn: ({ pageParam }) =>
      unwrap(
        api.GET('/api/comments/{contentType}/{contentId}', {
          params: {
            path: { contentType: type, contentId: id },
            query: { limit: THREAD_PAGE_SIZE, cursor: pageParam ?? undefined },
          },
        }),
      ),
    getNextPageParam: nextPageOf,
  });
}

/** Replies of one comment, oldest first, loaded when the replies are shown, a page at a time. */
export function useReplies(commentId: string) {
  return useInfiniteQuery({
    queryKey: repliesKey(commentId),
    retry: false,
    initialPageParam: FIRST_PAGE,
    queryFn: ({ pageParam }) =>
      unwrap(
        api.GET('/api/comments/replies/{commentId}', {
          params: {
            path: { commentId },
            query: { limit: REPLIES_PAGE_SIZE, cursor: pageParam ?? undefined },
          },
        }),
      ),
    getNextPageParam: nextPageOf,
  });
}

/**
 * The comments of all loaded pages, each once: a safety net should two pages ever overlap (a page
 * refetched after a change while the next one was loading).
 */
export function distinctById<T extends { _id: string }>(pages: T[][]): T[] {
  const seen = new Set<string>();
  return pages.flat().filter((item) => {
    if (seen.has(item._id)) return false;
    seen.add(item._id);
    return true;
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
