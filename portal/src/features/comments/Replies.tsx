import { BusyButton } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import type { ContentType } from '../reactions/reactionTypes';
import { CommentItem } from './CommentItem';
import { distinctById, useReplies } from './useComments';

interface RepliesProps {
  commentId: string;
  contentType: ContentType;
  contentId: string;
}

/** The replies of a comment, fetched when opened; a failed load reads as no replies. */
export function Replies({ commentId, contentType, contentId }: RepliesProps) {
  const { t } = useTranslation('comments');
  const replies = useReplies(commentId);
  if (replies.isPending) {
    return <p className="comment__replies-status">{t('loadingReplies')}</p>;
  }
  const loaded = distinctById(replies.data?.pages.map((page) => page.replies) ?? []);
  if (replies.isError && loaded.length === 0) {
    console.warn('replies failed to load', replies.error);
    return <p className="comment__replies-status">{t('noReplies')}</p>;
  }
  if (loaded.length === 0) {
    return <p className="comment__replies-status">{t('noReplies')}</p>;
  }
  return (
    <div className="comment__replies">
      {loaded.map((reply) => (
        <CommentItem
          key={reply._id}
          comment={reply}
          contentType={contentType}
          contentId={contentId}
        />
      ))}
      {replies.hasNextPage && (
        <BusyButton
          type="button"
          className="btn btn--ghost comment__more-replies"
          busy={replies.isFetchingNextPage}
          onClick={() => void replies.fetchNextPage()}
        >
          {replies.isFetchingNextPage ? t('loadingReplies') : t('showMoreReplies')}
        </BusyButton>
      )}
    </div>
  );
}
