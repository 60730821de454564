import { BusyButton } from '@diaspora/ui';
import { useSession } from '@diaspora/session';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ContentType } from '../reactions/reactionTypes';
import './comments.css';
import { CommentForm } from './CommentForm';
import { CommentItem } from './CommentItem';
import { COMMENT_MAX } from './commentRules';
import { distinctById, usePostComment, useThread } from './useComments';

interface CommentThreadProps {
  contentType: ContentType;
  contentId: string;
  /** The section heading; "Comments" by default. */
  title?: string;
}

/**
 * THE comment thread of events, news and listings: the form with its counter (members) or a
 * login prompt (guests), the newest comments first, replies on demand.
 */
export function CommentThread({ contentType, contentId, title }: CommentThreadProps) {
  const { t } = useTranslation('comments');
  const { user } = useSession();
  const thread = useThread(contentType, contentId);
  const post = usePostComment(contentType, contentId);
  const comments = distinctById(thread.data?.pages.map((page) => page.comments) ?? []);
  const total = thread.data?.pages[0]?.total ?? 0;
  if (thread.isError) console.warn('comments failed to load', thread.error);

  return (
    <section className="comment-thread" aria-label={title ?? t('title')} tabIndex={-1}>
      <h2 className="comment-thread__title">
        {title ?? t('title')} <span className="comment-thread__count">({total})</span>
      </h2>
      {user ? (
        <CommentForm
          kind="comment"
          max={COMMENT_MAX}
          pending={post.isPending}
          onSubmit={(content) => post.mutateAsync({ content })}
        />
      ) : (
        <p className="comment-thread__login">
          {t('loginPrompt')} <Link to="/login">{t('login')}</Link>
        </p>
      )}
      {thread.isPending ? (
        <p className="comment-thread__status">{t('loading')}</p>
      ) : comments.length === 0 ? (
        <p className="comment-thread__status">{t('empty')}</p>
      ) : (
        <div className="comment-thread__list">
          {comments.map((comment) => (
            <CommentItem
              key={comment._id}
              comment={comment}
              contentType={contentType}
              contentId={contentId}
            />
          ))}
        </div>
      )}
      {thread.hasNextPage && (
        <BusyButton
          type="button"
          className="btn btn--secondary"
          busy={thread.isFetchingNextPage}
          onClick={() => void thread.fetchNextPage()}
        >
          {t('showMore')}
        </BusyButton>
      )}
    </section>
  );
}
