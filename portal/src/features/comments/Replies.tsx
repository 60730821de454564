import { useTranslation } from 'react-i18next';
import type { ContentType } from '../reactions/reactionTypes';
import { CommentItem } from './CommentItem';
import { useReplies } from './useComments';

interface RepliesProps {
  commentId: string;
  contentType: ContentType;
  contentId: string;
}

/** The replies of a comment, fetched when opened; a failed load reads as no replies. */
export function Replies({ commentId, contentType, contentId }: RepliesProps) {
  const { t } = useTranslation('comments');
  const replies = useReplies(commentId, true);
  if (replies.isPending) {
    return <p className="comment__replies-status">{t('loadingReplies')}</p>;
  }
  if (replies.isError || replies.data.replies.length === 0) {
    if (replies.isError) console.warn('replies failed to load', replies.error);
    return <p className="comment__replies-status">{t('noReplies')}</p>;
  }
  return (
    <div className="comment__replies">
      {replies.data.replies.map((reply) => (
        <CommentItem
          key={reply._id}
          comment={reply}
          contentType={contentType}
          contentId={contentId}
        />
      ))}
    </div>
  );
}
