import { dateFormat, intlLocale } from '@diaspora/i18n';
import { isAdmin, useSession } from '@diaspora/session';
import { useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, apiErrorText, BusyButton, ThumbDownIcon, ThumbUpIcon } from '@diaspora/ui';
import {
  summarise,
  type ContentType,
  type ReactionCounts,
  type ReactionKind,
} from '../reactions/reactionTypes';
import { CommentForm } from './CommentForm';
import { REPLY_MAX } from './commentRules';
import { Replies } from './Replies';
import { useDeleteComment, usePostComment, useReactToComment, type Comment } from './useComments';

interface CommentItemProps {
  comment: Comment;
  contentType: ContentType;
  contentId: string;
}

const POSTED: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

const formatWhen = (iso: string, language: string) =>
  dateFormat(intlLocale(language), POSTED).format(new Date(iso));

/** One comment or reply: author, text, likes, and for top-level comments the reply controls. */
export function CommentItem({ comment, contentType, contentId }: CommentItemProps) {
  const { t, i18n } = useTranslation('comments');
  const { user } = useSession();
  const react = useReactToComment();
  const post = usePostComment(contentType, contentId);
  const remove = useDeleteComment(contentType, contentId);
  // The server's answer to my click wins until the comment itself reloads.
  const propsKey = `${comment.likes}|${comment.dislikes}|${comment.myReaction}|${user?._id}`;
  const [answer, setAnswer] = useState<{ from: string } & ReactionCounts>();
  const counts = answer?.from === propsKey ? answer : comment;
  const [replying, setReplying] = useState(false);
  const replyButton = useRef<HTMLButtonElement>(null);
  const [repliesOpen, setRepliesOpen] = useState(false);
  const topLevel = comment.parentComment === null;
  const mine = comment.author !== null && user?._id === comment.author._id;
  // The author deleted their account: the comment stays, by a "Deleted member".
  const authorName = comment.author?.name ?? t('deletedMember');
  const reaction = user ? summarise(counts).userReaction : 'none';

  const reactWith = (kind: ReactionKind) =>
    react.mutate(
      { commentId: comment._id, kind },
      {
        onSuccess: (result) => setAnswer({ from: propsKey, ...result }),
        onError: (error) => console.warn('comment reaction failed', error),
      },
    );

  const sendReply = async (content: string) => {
    await post.mutateAsync({ content, parentComment: comment._id });
    setReplying(false);
    setRepliesOpen(true);
    // The form goes with its focus: back to the Reply button, as Cancel does.
    replyButton.current?.focus();
  };

  const deleteComment = (event: MouseEvent<HTMLButtonElement>) => {
    if (!window.confirm(t('confirmDelete'))) return;
    // The comment goes with its button: focus waits on the thread, whose count then says it went.
    event.currentTarget.closest<HTMLElement>('.comment-thread')?.focus();
    remove.mutate(comment);
  };

  return (
    <article className={`comment${topLevel ? '' : ' comment--reply'}`} data-testid="comment">
      <header className="comment__header">
        <span className="comment__avatar" aria-hidden="true">
          {comment.author ? authorName.charAt(0).toUpperCase() : '?'}
        </span>
        <strong className={`comment__author${comment.author ? '' : ' comment__author--deleted'}`}>
          {authorName}
        </strong>
        <time className="comment__date" dateTime={comment.createdAt}>
          {formatWhen(comment.createdAt, i18n.language)}
        </time>
      </header>
      <p className="comment__content">{comment.content}</p>
      <div className="comment__actions">
        <BusyButton
          type="button"
          className="comment__action"
          aria-pressed={reaction === 'like'}
          disabled={!user}
          busy={react.isPending}
          aria-label={t('likeCount', { count: counts.likes })}
          onClick={() => reactWith('like')}
        >
          <ThumbUpIcon /> {counts.likes}
        </BusyButton>
        <BusyButton
          type="button"
          className="comment__action"
          aria-pressed={reaction === 'dislike'}
          disabled={!user}
          busy={react.isPending}
          aria-label={t('dislikeCount', { count: counts.dislikes })}
          onClick={() => reactWith('dislike')}
        >
          <ThumbDownIcon /> {counts.dislikes}
        </BusyButton>
        {topLevel && user && (
          <button
            ref={replyButton}
            type="button"
            className="comment__action"
            onClick={() => setReplying(!replying)}
          >
            {t('reply')}
          </button>
        )}
        {/* Nothing to view until someone replies; an open list keeps its Hide button. */}
        {topLevel && (comment.replyCount > 0 || repliesOpen) && (
          <button
            type="button"
            className="comment__action"
            aria-expanded={repliesOpen}
            onClick={() => setRepliesOpen(!repliesOpen)}
          >
            {repliesOpen ? t('hideReplies') : t('viewReplies', { count: comment.replyCount })}
          </button>
        )}
        {(mine || isAdmin(user)) && (
          <BusyButton
            type="button"
            className="comment__action comment__action--danger"
            busy={remove.isPending}
            onClick={deleteComment}
          >
            {t('delete')}
          </BusyButton>
        )}
      </div>
      {/* The comment stays when its deletion fails: say so beside it (a refusal's own reason). */}
      {remove.isError && (
        <Alert tone="error">{apiErrorText(remove.error, t, t('deleteFailed'))}</Alert>
      )}
      {replying && (
        <CommentForm
          kind="reply"
          max={REPLY_MAX}
          pending={post.isPending}
          onSubmit={sendReply}
          onCancel={() => {
            setReplying(false);
            replyButton.current?.focus();
          }}
        />
      )}
      {topLevel && repliesOpen && (
        <Replies commentId={comment._id} contentType={contentType} contentId={contentId} />
      )}
    </article>
  );
}
