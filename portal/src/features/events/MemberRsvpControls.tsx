import { Alert, apiErrorText } from '@diaspora/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { goingStep, isEventActive } from './eventFormat';
import { RsvpAnswerButton, RsvpPayment, RsvpYourAnswer } from './RsvpParts';
import { useHeldTicket } from './useHeldTicket';
import { useRsvp, type EventSummary, type RsvpAnswer } from './useEvents';

/** A member's RSVP on a list card: Going and Maybe on active events, else the state text. */
export function MemberRsvpControls({ event }: { event: EventSummary }) {
  const { t } = useTranslation('events');
  const rsvp = useRsvp(event._id);
  const [error, setError] = useState<string>();
  const [paying, setPaying] = useState(false);
  const ticket = useHeldTicket(event, isEventActive(event));

  if (!isEventActive(event)) {
    return (
      <div className="event-rsvp__closed">
        <strong>{event.isActive ? t('rsvp.ended') : t('rsvp.inactive')}</strong>
        <span>{t('rsvp.notAvailable')}</span>
      </div>
    );
  }

  const answer = async (status: RsvpAnswer) => {
    setError(undefined);
    // A paid event's Going is a ticket purchase, unless the member holds the seat or a ticket.
    const step = status === 'going' ? goingStep(event, await ticket.check()) : 'answer';
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
            holdsTicket={ticket.held}
            disabled={rsvp.isPending}
            onAnswer={(chosen) => void answer(chosen)}
          />
        ))}
      </div>
      <RsvpYourAnswer status={event.userStatus} />
      {error && <Alert tone="error">{error}</Alert>}
      <RsvpPayment event={event} open={paying} onDismiss={() => setPaying(false)} />
    </div>
  );
}
