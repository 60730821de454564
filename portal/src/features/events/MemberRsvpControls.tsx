import { Alert, apiErrorText } from '@diaspora/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isEventActive } from './eventFormat';
import { RsvpAnswerButton, RsvpPayment, RsvpYourAnswer } from './RsvpParts';
import type { EventSummary } from './useEvents';
import { useRsvpAnswer } from './useRsvpAnswer';

/** A member's RSVP on a list card: Going and Maybe on active events, else the state text. */
export function MemberRsvpControls({ event }: { event: EventSummary }) {
  const { t } = useTranslation('events');
  const [error, setError] = useState<string>();
  const rsvp = useRsvpAnswer(event, true, {
    noPricing: () => setError(t('payment.errors.eventPricingMissing')),
    failed: (cause) => setError(apiErrorText(cause, t, t('rsvp.failed'))),
  });

  if (!isEventActive(event)) {
    return (
      <div className="event-rsvp__closed">
        <strong>{event.isActive ? t('rsvp.ended') : t('rsvp.inactive')}</strong>
        <span>{t('rsvp.notAvailable')}</span>
      </div>
    );
  }

  return (
    <div className="event-rsvp">
      <div className="event-rsvp__buttons" role="group" aria-label={t('rsvp.title')}>
        {(['going', 'maybe'] as const).map((status) => (
          <RsvpAnswerButton
            key={status}
            status={status}
            event={event}
            holdsTicket={rsvp.holdsTicket}
            busy={rsvp.pending}
            onAnswer={(chosen) => {
              setError(undefined);
              void rsvp.answer(chosen);
            }}
          />
        ))}
      </div>
      <RsvpYourAnswer status={event.userStatus} />
      {error && <Alert tone="error">{error}</Alert>}
      <RsvpPayment event={event} open={rsvp.paying} onDismiss={rsvp.stopPaying} />
    </div>
  );
}
