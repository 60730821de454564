import { Alert, apiErrorText } from '@diaspora/ui';
import { useSession } from '@diaspora/session';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { goingStep, isEventActive } from './eventFormat';
import { RsvpAnswerButton, RsvpPayment, RsvpYourAnswer } from './RsvpParts';
import { useRsvp, type EventSummary, type RsvpAnswer } from './useEvents';

/** The list card's RSVP area: Going and Maybe for members on active events, else the state text. */
export function RsvpControls({ event }: { event: EventSummary }) {
  const { t } = useTranslation('events');
  const { user } = useSession();
  const rsvp = useRsvp(event._id);
  const [error, setError] = useState<string>();
  const [paying, setPaying] = useState(false);

  if (!user) {
    return (
      <div className="event-rsvp">
        <p className="event-rsvp__note">{t('rsvp.loginToRsvp')}</p>
        {isEventActive(event) && (
          // Spec 5: a guest's RSVP attempt alerts that signing in is needed.
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => window.alert(t('rsvp.loginAlert'))}
          >
            {t('rsvp.rsvpButton')}
          </button>
        )}
      </div>
    );
  }
  if (!isEventActive(event)) {
    return (
      <div className="event-rsvp__closed">
        <strong>{event.isActive ? t('rsvp.ended') : t('rsvp.inactive')}</strong>
        <span>{t('rsvp.notAvailable')}</span>
      </div>
    );
  }

  const answer = (status: RsvpAnswer) => {
    setError(undefined);
    // A paid event's Going is a ticket purchase, unless the member already holds the seat.
    const step = status === 'going' ? goingStep(event) : 'answer';
    if (step === 'noPricing') {
      setError(t('payment.errors.eventPricingMissing'));
      return;
    }
    if (step === 'pay') {
      setPaying(true);
      return;
    }
    rsvp.mutate(status, {
      onError: (cause) => setError(apiErrorText(cause, t, t('rsvp.failed'))),
    });
  };

  return (
    <div className="event-rsvp">
      <div className="event-rsvp__buttons" role="group" aria-label={t('rsvp.title')}>
        {(['going', 'maybe'] as const).map((status) => (
          <RsvpAnswerButton
            key={status}
            status={status}
            event={event}
            disabled={rsvp.isPending}
            onAnswer={answer}
          />
        ))}
      </div>
      <RsvpYourAnswer status={event.userStatus} />
      {error && <Alert tone="error">{error}</Alert>}
      <RsvpPayment event={event} open={paying} onDismiss={() => setPaying(false)} />
    </div>
  );
}
