import { mediaCrossOrigin, mediaUrl, TICKET_TYPES } from '@diaspora/api-client';
import {
  Badge,
  countryText,
  Gallery,
  ImageOffIcon,
  isPlaceholderHost,
  Spinner,
  useDocumentTitle,
} from '@diaspora/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CommentThread } from '../comments';
import { ReactionBar, useRecordView } from '../reactions';
import './events.css';
import { EventImage } from './EventImage';
import {
  formatEthiopianDate,
  formatLongDate,
  formatPrice,
  formatReaderTime,
  formatVenueTime,
} from './eventFormat';
import { RsvpPanel } from './RsvpPanel';
import { isEventId, useEvent, type EventDetail } from './useEvents';

/** Who's Going shows this many names, then "+N more" (spec 9). */
const WHOS_GOING_MAX = 10;

/** Event detail (spec 2): hero, RSVP panel, about, location, info, gallery, videos, attendees. */
export function EventDetailPage() {
  const { id } = useParams();
  const { t } = useTranslation('events');
  const query = useEvent(id);
  const recordedViews = useRecordView('events', query.data?._id);
  useDocumentTitle(query.data?.title);

  if (query.isPending && isEventId(id)) {
    return (
      <div className="container page-body">
        <Spinner label={t('loading')} />
      </div>
    );
  }
  if (query.isError || !query.data) {
    if (query.isError) console.warn('event failed to load', query.error);
    return (
      <div className="container page-body event-not-found">
        <h1>{t('detail.notFound')}</h1>
        <p>{t('detail.notFoundText')}</p>
        <Link className="btn" to="/events">
          {t('detail.back')}
        </Link>
      </div>
    );
  }
  return <EventDetail event={query.data} views={recordedViews ?? query.data.views} />;
}

function EventDetail({ event, views }: { event: EventDetail; views: number }) {
  const { t, i18n } = useTranslation('events');
  // The API sends the first names going (at most WHOS_GOING_MAX); goingCount counts them all.
  const going = event.attendees.filter((attendee) => attendee.status === 'going');
  const shown = going.slice(0, WHOS_GOING_MAX);
  const more = Math.max(0, event.goingCount - shown.length);
  const images = event.images.map((image) => ({ url: image.url, caption: image.caption }));
  const readerTime = formatReaderTime(event, i18n.language);
  const prices = TICKET_TYPES.flatMap((type) => {
    const price = event.pricing[type];
    return price ? [{ type, price }] : [];
  });

  return (
    <>
      <section className="event-hero">
        <EventImage url={event.image} className="event-hero__image" alt={event.title} />
        <div className="container event-hero__text">
          {event.images.length > 1 && (
            <Badge tone="neutral">{t('detail.photoCount', { count: event.images.length })}</Badge>
          )}
          <h1 className="event-hero__title">{event.title}</h1>
          <p className="event-hero__when">
            <time dateTime={event.date}>{formatLongDate(event.date, i18n.language)}</time>
            {i18n.language === 'am' && (
              <>
                {' '}
                <span className="event-detail__ethiopian">({formatEthiopianDate(event.date)})</span>
              </>
            )}
            <span aria-hidden="true"> · </span>
            <time dateTime={event.startsAt}>{formatVenueTime(event, i18n.language)}</time>
          </p>
          {readerTime && (
            <p className="event-hero__reader-time">{t('zone.yourTime', { time: readerTime })}</p>
          )}
          <p className="event-hero__venue">{event.location.name}</p>
        </div>
      </section>

      <div className="container page-body event-detail">
        <div className="event-detail__main">
          {!event.isFree && prices.length > 0 && (
            <p className="event-pricing" data-testid="event-pricing">
              <strong>{t('detail.pricing')}:</strong>{' '}
              {prices
                .map(
                  ({ type, price }) =>
                    `${t(`tickets.${type}`)} ${formatPrice(price.amount, price.currency, i18n.language)}`,
                )
                .join(' · ')}
            </p>
          )}
          <RsvpPanel event={event} />
          <ReactionBar
            contentType="events"
            contentId={event._id}
            likes={event.likes}
            dislikes={event.dislikes}
            myReaction={event.myReaction}
            views={views}
          />

          <section className="event-section">
            <h2>{t('detail.about')}</h2>
            <p className="event-detail__description">{event.description}</p>
          </section>

          {images.length > 0 && (
            <section className="event-section">
              <h2>{t('detail.gallery')}</h2>
              <Gallery images={images} />
            </section>
          )}

          {event.videos.length > 0 && (
            <section className="event-section">
              <h2>{t('detail.videos')}</h2>
              <div className="event-videos">
                {event.videos.map((video) => (
                  <EventVideo
                    key={video.url}
                    video={video}
                    poster={video.thumbnail ?? event.image ?? null}
                  />
                ))}
              </div>
            </section>
          )}
        </div>

        <aside className="event-detail__side">
          <section className="card event-section">
            <h2>{t('detail.location')}</h2>
            <dl className="event-facts">
              <dt>{t('detail.venue')}</dt>
              <dd>{event.location.name}</dd>
              <dt>{t('detail.country')}</dt>
              <dd>{countryText(event.location.country, t)}</dd>
              {event.location.address && (
                <>
                  <dt>{t('detail.address')}</dt>
                  <dd>{event.location.address}</dd>
                </>
              )}
              {event.location.city && (
                <>
                  <dt>{t('detail.city')}</dt>
                  <dd>{event.location.city}</dd>
                </>
              )}
            </dl>
          </section>

          <section className="card event-section">
            <h2>{t('detail.info')}</h2>
            <dl className="event-facts">
              <dt>{t('detail.category')}</dt>
              <dd>{t(`categories.${event.category}`)}</dd>
              <dt>{t('detail.going')}</dt>
              <dd data-testid="going-count">{event.goingCount}</dd>
              <dt>{t('detail.maxAttendees')}</dt>
              <dd>{event.maxAttendees ?? t('detail.noLimit')}</dd>
              {event.waitlistCount > 0 && (
                <>
                  <dt>{t('detail.waitlist')}</dt>
                  <dd>{event.waitlistCount}</dd>
                </>
              )}
              {event.organizer.name && (
                <>
                  <dt>{t('detail.organizer')}</dt>
                  <dd>{event.organizer.name}</dd>
                </>
              )}
            </dl>
          </section>

          <section className="card event-section">
            <h2>{t('detail.whosGoing')}</h2>
            {shown.length === 0 ? (
              <p className="event-muted">{t('detail.nobodyYet')}</p>
            ) : (
              <ul className="event-attendees">
                {shown.map((attendee) => (
                  <li key={attendee.user._id}>
                    <span className="event-attendees__initial" aria-hidden="true">
                      {attendee.user.name.charAt(0).toUpperCase()}
                    </span>
                    {attendee.user.name}
                  </li>
                ))}
                {more > 0 && <li className="event-muted">{t('detail.more', { count: more })}</li>}
              </ul>
            )}
          </section>
        </aside>

        {/* After the side column in the page's order, so comments come last on a phone too. */}
        <section className="event-section event-detail__comments">
          <CommentThread contentType="events" contentId={event._id} />
        </section>
      </div>
    </>
  );
}

function EventVideo({
  video,
  poster,
}: {
  video: EventDetail['videos'][number];
  poster: string | null;
}) {
  const { t } = useTranslation('ui');
  const [broken, setBroken] = useState(false);
  const placeholder = isPlaceholderHost(video.url);
  const src = mediaUrl(video.url);
  return (
    <figure className="event-video">
      {broken || placeholder ? (
        <div className="media-missing event-video__missing">
          <span aria-hidden="true">
            <ImageOffIcon />
          </span>
          <span>{placeholder ? t('uploadDisabled') : t('videoUnavailable')}</span>
        </div>
      ) : (
        <video
          controls
          preload="metadata"
          poster={poster && !isPlaceholderHost(poster) ? mediaUrl(poster) : undefined}
          src={src}
          crossOrigin={mediaCrossOrigin(src)}
          onError={() => setBroken(true)}
        />
      )}
      {video.caption && <figcaption>{video.caption}</figcaption>}
    </figure>
  );
}
