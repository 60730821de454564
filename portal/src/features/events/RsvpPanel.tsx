import { RSVP_ANSWERS } from '@diaspora/api-client';
import { useSession } from '@diaspora/session';
import { Alert } from '@diaspora/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { goingStep, isEventActive } from './eventFormat';
import { RsvpAnswerButton, RsvpPayment, RsvpYourAnswer } from './RsvpParts';
import { useHeldTicket } from './useHeldTicket';
import { calendarUrl, useRsvp, type EventDetail, type RsvpAnswer } from './useEvents';

/** "Will you attend?": Going (Pay on paid events), Maybe, Can't Go; guests go to /login. */
export function RsvpPanel({ event }: { event: EventDetail | undefined }) {
  const { t } = useTranslation('events');
  const { user } = useSession();
  const navigate = useNavigate();
  const rsvp = useRsvp(event?._id ?? '');
  const [paying, setPaying] = useState(false);
  const [notice, setNotice] = useState<string>();
  const ticket = useHeldTicket(event, Boolean(user && event && isEventActive(event)));

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

  const answer = async (status: RsvpAnswer) => {
    setNotice(undefined);
    if (!user) return navigate('/login');
    if (!event) return setNotice(t('rsvp.notLoaded'));
    // A ticket holder's Going is a plain answer, whatever they answered since buying it.
    const step = status === 'going' ? goingStep(event, await ticket.check()) : 'answer';
    if (step === 'noPricing') return setNotice(t('payment.errors.eventPricingMissing'));
    if (step === 'pay') return setPaying(true);
    // On the detail page RSVP errors are only logged (spec 8).
    rsvp.mutate(status, { onError: (error) => console.warn('RSVP failed', error) });
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
              holdsTicket={ticket.held}
              disabled={rsvp.isPending}
              onAnswer={(chosen) => void answer(chosen)}
            />
          ))
        ) : (
          <button type="button" className="btn" onClick={() => void answer('going')}>
            {t('rsvp.rsvpButton')}
          </button>
        )}
        {calendar}
      </div>
      <RsvpYourAnswer status={event?.userStatus} testId="rsvp-status" />
      {notice && <Alert tone="warning">{notice}</Alert>}
      <RsvpPayment event={event} open={paying} onDismiss={() => setPaying(false)} />
    </div>
  );
}
