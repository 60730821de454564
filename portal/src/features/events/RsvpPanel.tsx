import { RSVP_ANSWERS } from '@diaspora/api-client';
import { useSession } from '@diaspora/session';
import { Alert } from '@diaspora/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isEventActive } from './eventFormat';
import { RsvpAnswerButton, RsvpPayment, RsvpYourAnswer } from './RsvpParts';
import { calendarUrl, type EventDetail, type RsvpAnswer } from './useEvents';
import { useRsvpAnswer } from './useRsvpAnswer';

/** "Will you attend?": Going (Pay on paid events), Maybe, Can't Go; guests go to /login. */
export function RsvpPanel({ event }: { event: EventDetail | undefined }) {
  const { t } = useTranslation('events');
  const { user } = useSession();
  const navigate = useNavigate();
  const [notice, setNotice] = useState<string>();
  const rsvp = useRsvpAnswer(event, Boolean(user), {
    noPricing: () => setNotice(t('payment.errors.eventPricingMissing')),
    // On the detail page RSVP errors are only logged (spec 8).
    failed: (error) => console.warn('RSVP failed', error),
  });

  const calendar = event && (
    <a className="btn btn--ghost" href={calendarUrl(event._id)} download>
      {t('detail.addToCalendar')}
    </a>
  );

  if (event && !isEventActive(event)) {
    return (
      <div className="card event-rsvp-panel">
        <strong>{event.isActive ? t('rsvp.ended') : t('rsvp.inactive')}</strong>
        <p className="event-muted">{t('rsvp.notAvailable')}</p>
      </div>
    );
  }

  const answer = (status: RsvpAnswer) => {
    setNotice(undefined);
    if (!user) return navigate('/login');
    if (!event) return setNotice(t('rsvp.notLoaded'));
    void rsvp.answer(status);
  };

  return (
    <div className="card event-rsvp-panel">
      <h2 className="event-rsvp-panel__title">{t('rsvp.title')}</h2>
      <div className="event-rsvp__buttons" role="group" aria-label={t('rsvp.title')}>
        {user ? (
          RSVP_ANSWERS.map((status) => (
            <RsvpAnswerButton
              key={status}
              status={status}
              event={event}
              holdsTicket={rsvp.holdsTicket}
              busy={rsvp.pending}
              onAnswer={answer}
            />
          ))
        ) : (
          <button type="button" className="btn" onClick={() => answer('going')}>
            {t('rsvp.rsvpButton')}
          </button>
        )}
        {calendar}
      </div>
      <RsvpYourAnswer status={event?.userStatus} testId="rsvp-status" />
      {notice && <Alert tone="warning">{notice}</Alert>}
      <RsvpPayment event={event} open={rsvp.paying} onDismiss={rsvp.stopPaying} />
    </div>
  );
}
