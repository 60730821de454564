import { Badge, CardSkeleton, countryText, lazyPart, Lightbox, Spinner } from '@diaspora/ui';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ReactionBar } from '../reactions';
import { EventImage } from './EventImage';
import { formatReaderTime, formatShortDate, formatVenueTime, venueLine } from './eventFormat';
import { RsvpControls } from './RsvpControls';
import type { EventSummary } from './useEvents';

// A card's comments load when opened: the home page's and the list's cards do without them.
const CommentThread = lazyPart(() => import('../comments'), 'CommentThread');

/** A card of the events list: gallery popup, facts, RSVP controls and the comments toggle. */
export function EventCard({
  event,
  compact = false,
  level = 3,
}: {
  event: EventSummary;
  compact?: boolean;
  /** The title's heading level: 2 in the list (under the page's h1), 3 under a home section. */
  level?: 2 | 3;
}) {
  const Title = `h${level}` as const;
  const { t, i18n } = useTranslation('events');
  const [photo, setPhoto] = useState<number | null>(null);
  const [showComments, setShowComments] = useState(false);
  const readerTime = formatReaderTime(event, i18n.language);
  const images = event.images.length
    ? event.images.map((image) => ({ url: image.url, caption: image.caption || event.title }))
    : event.image
      ? [{ url: event.image, caption: event.title }]
      : [];

  return (
    <article className="event-card content-card card" data-testid="event-card">
      {images.length > 0 ? (
        <button
          type="button"
          className="event-card__media"
          onClick={() => setPhoto(0)}
          aria-label={t('card.photos', { count: images.length, title: event.title })}
        >
          <EventImage
            url={event.images[0]?.thumbnail ?? images[0].url}
            className="event-card__image content-card__image"
          />
        </button>
      ) : (
        <EventImage url={null} className="event-card__image content-card__image" />
      )}
      <div className="event-card__badges content-card__badges">
        <Badge tone="primary">{t(`categories.${event.category}`)}</Badge>
        <Badge tone={event.isFree ? 'neutral' : 'accent'}>
          {event.isFree ? t('card.free') : t('card.paid')}
        </Badge>
      </div>
      <Title id={`event-${event._id}`} className="event-card__title content-card__title">
        <Link to={`/events/${event._id}`}>{event.title}</Link>
      </Title>
      <p className="event-card__meta">
        <time dateTime={event.startsAt}>
          {formatShortDate(event.date, i18n.language)} · {formatVenueTime(event, i18n.language)}
        </time>
        {readerTime && (
          <>
            <br />
            <span className="event-card__reader-time">
              {t('zone.yourTimeShort', { time: readerTime })}
            </span>
          </>
        )}
        <br />
        <span>{venueLine(event, (country) => countryText(country, t))}</span>
      </p>
      <p className="event-card__going">{t('card.going', { count: event.goingCount })}</p>
      {!compact && (
        <>
          <RsvpControls event={event} />
          <ReactionBar
            contentType="events"
            contentId={event._id}
            likes={event.likes}
            dislikes={event.dislikes}
            myReaction={event.myReaction}
            views={event.views}
          />
          <button
            type="button"
            className="btn btn--ghost event-card__comments-toggle"
            aria-expanded={showComments}
            onClick={() => setShowComments((shown) => !shown)}
          >
            {showComments ? t('comments.hide') : t('comments.show')}
          </button>
          {showComments && (
            <Suspense fallback={<Spinner />}>
              <CommentThread contentType="events" contentId={event._id} />
            </Suspense>
          )}
        </>
      )}
      {compact && (
        <Link
          id={`event-${event._id}-more`}
          aria-labelledby={`event-${event._id}-more event-${event._id}`}
          className="btn btn--secondary event-card__details"
          to={`/events/${event._id}`}
        >
          {t('card.viewDetails')}
        </Link>
      )}
      <Lightbox
        images={images}
        index={photo}
        onIndexChange={setPhoto}
        onClose={() => setPhoto(null)}
      />
    </article>
  );
}

/** The loading state of a card. */
export function EventCardSkeleton() {
  return (
    <CardSkeleton
      className="event-card"
      imageClassName="event-card__image"
      testId="event-skeleton"
      bodyWidth="70%"
      bodyHeight={32}
    />
  );
}
