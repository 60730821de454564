import type { UserReaction } from '@diaspora/api-client';
import { useSession } from '@diaspora/session';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton, EyeIcon, ThumbDownIcon, ThumbUpIcon } from '@diaspora/ui';
import './reactions.css';
import {
  summarise,
  type ContentType,
  type ReactionKind,
  type ReactionSummary,
} from './reactionTypes';
import { useReact } from './useReactions';

interface ReactionBarProps {
  contentType: ContentType;
  contentId: string;
  /** The item's counts and the caller's own reaction, as events, news and listings carry them. */
  likes: number;
  dislikes: number;
  myReaction: UserReaction | null;
  /** Shown as a view counter when given. */
  views?: number;
}

/**
 * Like and dislike buttons with counts, and the view counter, for any content type. Guests see
 * the counts with the buttons disabled (spec section 5).
 */
export function ReactionBar({
  contentType,
  contentId,
  likes,
  dislikes,
  myReaction,
  views,
}: ReactionBarProps) {
  const { t } = useTranslation('comments');
  const { user } = useSession();
  const react = useReact(contentType, contentId);
  // The server's answer wins over the props until the item itself reloads.
  const [answer, setAnswer] = useState<{ from: string; summary: ReactionSummary }>();
  const fromProps = summarise({ likes, dislikes, myReaction });
  const propsKey = `${contentId}:${likes}:${dislikes}:${myReaction}:${user?._id}`;
  const summary = answer?.from === propsKey ? answer.summary : fromProps;
  const guest = !user;

  const click = (kind: ReactionKind) =>
    react.mutate(kind, {
      onSuccess: (result) => setAnswer({ from: propsKey, summary: result }),
      onError: (error) => console.warn('reaction failed', error),
    });

  return (
    <div className="reaction-bar">
      {/* A guest cannot react (disabled); a member's buttons wait for their reaction (busy). */}
      <BusyButton
        type="button"
        className="reaction-bar__button"
        aria-pressed={summary.userReaction === 'like'}
        disabled={guest}
        busy={react.isPending}
        title={guest ? t('loginToReact') : t('like')}
        aria-label={t('likeCount', { count: summary.likes })}
        onClick={() => click('like')}
      >
        <ThumbUpIcon /> {summary.likes}
      </BusyButton>
      <BusyButton
        type="button"
        className="reaction-bar__button"
        aria-pressed={summary.userReaction === 'dislike'}
        disabled={guest}
        busy={react.isPending}
        title={guest ? t('loginToReact') : t('dislike')}
        aria-label={t('dislikeCount', { count: summary.dislikes })}
        onClick={() => click('dislike')}
      >
        <ThumbDownIcon /> {summary.dislikes}
      </BusyButton>
      {views !== undefined && (
        // aria-label needs a role to be read: the icon and count are one image of the views.
        <span
          className="reaction-bar__views"
          role="img"
          aria-label={t('viewCount', { count: views })}
        >
          <EyeIcon /> {views}
        </span>
      )}
    </div>
  );
}
