import { ErrorCode, isApiRequestError, TICKET_TYPES } from '@diaspora/api-client';
import { Alert, apiErrorText, BusyButton, Modal, Spinner } from '@diaspora/ui';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
// The /pure entry loads Stripe.js only when a payment starts, not on import.
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from './eventFormat';
import { MY_TICKETS_KEY } from './useHeldTicket';
import {
  paymentsApi,
  useEventPricing,
  usePaymentsConfig,
  useRsvp,
  type EventSummary,
  type TicketType,
} from './useEvents';

/** How long the success screen stays (spec 9). */
const SUCCESS_MS = 2000;

type Pricing = EventSummary['pricing'];

interface PaymentDialogProps {
  event: EventSummary | undefined;
  onClose: () => void;
  /** Runs after a free registration or a confirmed payment (the member is going). */
  onSuccess: () => void;
}

// One Stripe.js instance per publishable key for the life of the page.
const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(key: string): Promise<Stripe | null> {
  if (!stripeByKey.has(key)) stripeByKey.set(key, loadStripe(key));
  return stripeByKey.get(key) as Promise<Stripe | null>;
}

/** The payment dialog of spec 2 with every state: free, loading, tickets and card, off, success. */
export function PaymentDialog({ event, onClose, onSuccess }: PaymentDialogProps) {
  const { t, i18n } = useTranslation('events');
  const config = usePaymentsConfig();
  const enabled = Boolean(event && !event.isFree && config.data?.enabled);
  const pricing = useEventPricing(event?._id ?? '', enabled);
  const [succeeded, setSucceeded] = useState(false);
  const [providerOff, setProviderOff] = useState(false);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!succeeded) return;
    // Counts, the member's answer and their tickets changed on the server.
    void queryClient.invalidateQueries({ queryKey: ['events'] });
    void queryClient.invalidateQueries({ queryKey: MY_TICKETS_KEY });
    const timer = setTimeout(onSuccess, SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [succeeded, onSuccess, queryClient]);

  let title: string;
  let body: ReactNode;
  if (!event) {
    title = t('payment.title');
    body = <Alert tone="error">{t('payment.errors.eventMissing')}</Alert>;
  } else if (succeeded) {
    title = t('payment.success');
    body = <Alert tone="success">{t('payment.successText', { title: event.title })}</Alert>;
  } else if (event.isFree) {
    title = t('payment.freeTitle');
    body = <FreeRegistration event={event} onDone={() => setSucceeded(true)} />;
  } else if (config.isPending) {
    title = t('payment.title');
    body = <Spinner label={t('payment.loadingPricing')} />;
  } else if (config.isError && !isNotConfigured(config.error)) {
    // A failed call is not "not configured" (spec 8 keeps that text for the configuration).
    title = t('payment.title');
    body = (
      <>
        <Alert tone="error">{apiErrorText(config.error, t, t('payment.errors.failed'))}</Alert>
        <button type="button" className="btn" onClick={() => void config.refetch()}>
          {t('common:remote.retry')}
        </button>
      </>
    );
  } else if (!config.data?.enabled || !config.data.publishableKey || providerOff) {
    title = providerOff ? t('payment.unavailableTitle') : t('payment.notAvailableTitle');
    body = <Alert tone="warning">{t('payment.notConfigured')}</Alert>;
  } else if (pricing.isPending) {
    title = t('payment.title');
    body = <Spinner label={t('payment.loadingPricing')} />;
  } else {
    // On failure the event's own pricing is used instead (spec 7).
    const prices: Pricing = pricing.data?.pricing ?? event.pricing;
    title = t('payment.title');
    body = hasAnyPrice(prices) ? (
      // Stripe's card field in the reader's language where Stripe has it (not Amharic: then the
      // browser's); keyed, since Elements takes its locale only when created.
      <Elements
        key={i18n.language}
        stripe={stripeFor(config.data.publishableKey)}
        options={{ locale: i18n.language === 'en' ? 'en' : 'auto' }}
      >
        <CardPayment
          event={event}
          prices={prices}
          onPaid={() => setSucceeded(true)}
          onProviderOff={() => setProviderOff(true)}
        />
      </Elements>
    ) : (
      <Alert tone="error">{t('payment.errors.noPricing')}</Alert>
    );
  }

  return (
    <Modal open title={title} onClose={onClose}>
      {body}
    </Modal>
  );
}

const isNotConfigured = (error: unknown) =>
  isApiRequestError(error) && error.body.code === ErrorCode.STRIPE_NOT_CONFIGURED;

function hasAnyPrice(prices: Pricing): boolean {
  return TICKET_TYPES.some((type) => prices[type] !== undefined);
}

function FreeRegistration({ event, onDone }: { event: EventSummary; onDone: () => void }) {
  const { t } = useTranslation('events');
  const rsvp = useRsvp(event._id);
  const [error, setError] = useState<string>();
  return (
    <div className="payment">
      <p>{t('payment.freeText')}</p>
      {error && <Alert tone="error">{error}</Alert>}
      <BusyButton
        type="button"
        className="btn"
        busy={rsvp.isPending}
        onClick={() =>
          rsvp.mutate('going', {
            onSuccess: onDone,
            onError: (cause) => setError(apiErrorText(cause, t, t('rsvp.failed'))),
          })
        }
      >
        {t('payment.registerFree')}
      </BusyButton>
    </div>
  );
}

interface CardPaymentProps {
  event: EventSummary;
  prices: Pricing;
  onPaid: () => void;
  onProviderOff: () => void;
}

/** Ticket-type radios and the card form; the server prices the ticket, Stripe charges the card. */
function CardPayment({ event, prices, onPaid, onProviderOff }: CardPaymentProps) {
  const { t, i18n } = useTranslation('events');
  const stripe = useStripe();
  const elements = useElements();
  const available = TICKET_TYPES.filter((type) => prices[type] !== undefined);
  const [ticketType, setTicketType] = useState<TicketType>(
    available.includes('general') ? 'general' : available[0],
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  // Charged, the ticket not yet confirmed: the form stays closed so the card is not charged twice.
  const [charged, setCharged] = useState(false);
  const queryClient = useQueryClient();
  const price = prices[ticketType];

  const pay = async () => {
    setError(undefined);
    if (!price) return setError(t('payment.errors.ticketPricingMissing'));
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return setError(t('payment.errors.unavailable'));
    setBusy(true);
    try {
      const intent = await paymentsApi.createIntent(event._id, ticketType);
      const result = await stripe.confirmCardPayment(intent.clientSecret, {
        payment_method: { card },
      });
      if (result.error) {
        // The payment provider's own message is shown as is (spec 8).
        setError(result.error.message ?? t('payment.errors.failed'));
      } else if (result.paymentIntent?.status === 'succeeded') {
        const confirmed = await paymentsApi.confirm(event._id, result.paymentIntent.id).then(
          () => true,
          (cause: unknown) => {
            // A coded answer is the server's decision (a refund, say); anything else leaves the
            // charge to Stripe's webhook, which records it: another payment must not be invited.
            if (isApiRequestError(cause) && cause.body.code) throw cause;
            return false;
          },
        );
        if (confirmed) onPaid();
        else {
          void queryClient.invalidateQueries({ queryKey: MY_TICKETS_KEY });
          setError(t('payment.errors.confirmPending'));
          setCharged(true);
        }
      } else {
        setError(t('payment.errors.failed'));
      }
    } catch (cause) {
      if (isApiRequestError(cause) && cause.body.code === ErrorCode.STRIPE_NOT_CONFIGURED) {
        onProviderOff();
      } else setError(apiErrorText(cause, t, t('payment.errors.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="payment"
      onSubmit={(e) => {
        e.preventDefault();
        void pay();
      }}
    >
      <fieldset className="payment__tickets">
        <legend>{t('payment.ticketType')}</legend>
        {available.map((type) => {
          const option = prices[type];
          if (!option) return null;
          return (
            <label key={type} className="payment__ticket">
              <input
                type="radio"
                name="ticketType"
                value={type}
                checked={ticketType === type}
                onChange={() => setTicketType(type)}
              />
              <span className="payment__ticket-type">{t(`tickets.${type}`)}</span>
              {option.description && (
                <span className="payment__ticket-text">{option.description}</span>
              )}
              <strong>{formatPrice(option.amount, option.currency, i18n.language)}</strong>
            </label>
          );
        })}
      </fieldset>
      <div className="field">
        <span className="field__label">{t('payment.card')}</span>
        <div className="input payment__card">
          <CardElement options={{ hidePostalCode: true }} />
        </div>
      </div>
      {error && <Alert tone={charged ? 'warning' : 'error'}>{error}</Alert>}
      {/* Disabled until Stripe.js is in, and for good once charged; busy while this payment runs. */}
      <BusyButton type="submit" className="btn" disabled={charged || !stripe} busy={busy}>
        {busy
          ? t('payment.processing')
          : t('payment.pay', {
              amount: price ? formatPrice(price.amount, price.currency, i18n.language) : '',
            })}
      </BusyButton>
    </form>
  );
}
