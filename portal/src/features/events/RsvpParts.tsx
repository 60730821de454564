import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton, lazyPart } from '@diaspora/ui';
import type { EventSummary, RsvpAnswer, RsvpStatus } from './useEvents';

// The pieces the list card's RsvpControls and the detail page's RsvpPanel share: the answer
// buttons, the member's current answer and the ticket purchase. Each keeps its own rules for
// when to answer, pay or sign in.

// Stripe's code loads when a ticket is bought, not with every event card.
const PaymentDialog = lazyPart(() => import('./PaymentDialog'), 'PaymentDialog');

const ANSWER_LABELS: Record<RsvpAnswer, string> = {
  going: 'rsvp.going',
  maybe: 'rsvp.maybe',
  'not going': 'rsvp.notGoing',
};

/**
 * One answer; pressed when it is the member's answer, "Going (Pay)" on a paid event unless the
 * member already holds a ticket for it.
 */
export function RsvpAnswerButton({
  status,
  event,
  holdsTicket = false,
  busy,
  onAnswer,
}: {
  status: RsvpAnswer;
  event: EventSummary | undefined;
  holdsTicket?: boolean;
  /** The member's answer is being sent. */
  busy: boolean;
  onAnswer: (status: RsvpAnswer) => void;
}) {
  const { t } = useTranslation('events');
  const chosen = event?.userStatus === status;
  return (
    <BusyButton
      type="button"
      className={`btn ${chosen ? '' : 'btn--secondary'}`}
      aria-pressed={chosen}
      busy={busy}
      onClick={() => onAnswer(status)}
    >
      {t(ANSWER_LABELS[status])}
      {status === 'going' && event && !event.isFree && !holdsTicket ? ` ${t('rsvp.pay')}` : ''}
    </BusyButton>
  );
}

/** "Your answer: Going", when the member has answered. */
export function RsvpYourAnswer({
  status,
  testId,
}: {
  status: RsvpStatus | null | undefined;
  testId?: string;
}) {
  const { t } = useTranslation('events');
  if (!status) return null;
  return (
    <p className="event-rsvp__note" data-testid={testId}>
      {t('rsvp.yourAnswer', { status: t(`rsvp.statuses.${status}`) })}
    </p>
  );
}

/** The ticket purchase of a paid event's Going; closing or paying dismisses it. */
export function RsvpPayment({
  event,
  open,
  onDismiss,
}: {
  event: EventSummary | undefined;
  open: boolean;
  onDismiss: () => void;
}) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <PaymentDialog event={event} onClose={onDismiss} onSuccess={onDismiss} />
    </Suspense>
  );
}
