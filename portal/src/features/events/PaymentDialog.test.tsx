import { setLanguage } from '@diaspora/i18n';
import {
  answer,
  apiError,
  bodiesSent,
  followFocusFixup,
  json,
  newEvent,
} from '@diaspora/test-support';
import { AppProviders } from '@diaspora/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PaymentDialog } from './PaymentDialog';

// Stripe.js cannot load here (no network): its React parts show what they were given instead.
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: () => Promise.resolve(null) }));
/** What useStripe gives: none by default (Stripe.js not loaded), a stand-in where a test pays. */
const stripeStub = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ options, children }: { options?: { locale?: string }; children: ReactNode }) => (
    <div data-testid="stripe-elements" data-locale={options?.locale}>
      {children}
    </div>
  ),
  CardElement: () => <div data-testid="card-field" />,
  useStripe: () => stripeStub.current,
  useElements: () => (stripeStub.current ? { getElement: () => ({}) } : null),
}));

const paidEvent = newEvent({
  _id: 'paid',
  title: 'Gala',
  isFree: false,
  pricing: { general: { amount: 20, currency: 'usd' } },
});

function renderDialog() {
  answer.get('/api/payments/config', () => json({ enabled: true, publishableKey: 'pk_test_1' }));
  answer.get('/api/payments/events/paid/pricing', () =>
    json({ pricing: { general: { amount: 20, currency: 'usd' } } }),
  );
  render(
    <MemoryRouter>
      <AppProviders>
        <QueryClientProvider client={new QueryClient()}>
          <PaymentDialog event={paidEvent} onClose={() => undefined} onSuccess={() => undefined} />
        </QueryClientProvider>
      </AppProviders>
    </MemoryRouter>,
  );
}

afterEach(async () => {
  stripeStub.current = null;
  await setLanguage('en');
});

describe("PaymentDialog: Stripe's card field", () => {
  it('speaks English with an English interface, whatever the browser speaks', async () => {
    renderDialog();
    expect(await screen.findByTestId('stripe-elements')).toHaveAttribute('data-locale', 'en');
  });

  it("follows the browser in Amharic, which Stripe's field does not have", async () => {
    await setLanguage('am');
    renderDialog();
    expect(await screen.findByTestId('stripe-elements')).toHaveAttribute('data-locale', 'auto');
  });
});

describe('PaymentDialog: a failed configuration call', () => {
  it('is a failure to retry, not "Payment Not Available" (kept for payments switched off)', async () => {
    let calls = 0;
    answer.get('/api/payments/config', () =>
      ++calls === 1
        ? apiError(500, 'INTERNAL_ERROR', 'Something broke')
        : json({ enabled: true, publishableKey: 'pk_test_1' }),
    );
    answer.get('/api/payments/events/paid/pricing', () =>
      json({ pricing: { general: { amount: 20, currency: 'usd' } } }),
    );
    render(
      <MemoryRouter>
        <AppProviders>
          <QueryClientProvider
            client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
          >
            <PaymentDialog
              event={paidEvent}
              onClose={() => undefined}
              onSuccess={() => undefined}
            />
          </QueryClientProvider>
        </AppProviders>
      </MemoryRouter>,
    );
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(
      screen.queryByRole('heading', { name: 'Payment Not Available' }),
    ).not.toBeInTheDocument();
    await userEvent.click(retry);
    expect(await screen.findByTestId('stripe-elements')).toBeInTheDocument();
  });
});

describe('PaymentDialog: charged, but the ticket not confirmed', () => {
  it('says the ticket is being recorded and closes the form, instead of "Payment failed"', async () => {
    stripeStub.current = {
      confirmCardPayment: () =>
        Promise.resolve({ paymentIntent: { id: 'pi_1', status: 'succeeded' } }),
    };
    answer.post('/api/payments/create-payment-intent', () =>
      json({ clientSecret: 'pi_1_secret', paymentIntentId: 'pi_1', amount: 20, currency: 'usd' }),
    );
    // The confirmation call never reaches the server (offline): Stripe's webhook records it.
    answer.post('/api/payments/confirm-payment', () => Response.error());
    renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: /^Pay / }));
    expect(await screen.findByText(/Your card was charged/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Pay / })).toBeDisabled();
    expect(screen.queryByText('Payment failed. Please try again.')).not.toBeInTheDocument();
  });
});

describe('PaymentDialog: Pay', () => {
  it('is disabled until Stripe.js is in', async () => {
    renderDialog();
    expect(await screen.findByRole('button', { name: /^Pay / })).toBeDisabled();
  });

  it('keeps the focus in the dialog while the payment runs, and charges once', async () => {
    followFocusFixup();
    let settle = () => {};
    const confirmCardPayment = vi.fn(
      () =>
        new Promise((resolve) => {
          settle = () => resolve({ error: { message: 'Your card was declined.' } });
        }),
    );
    stripeStub.current = { confirmCardPayment };
    const intents = bodiesSent('post', '/api/payments/create-payment-intent', () =>
      json({ clientSecret: 'pi_1_secret', paymentIntentId: 'pi_1', amount: 20, currency: 'usd' }),
    );
    renderDialog();
    const dialog = await screen.findByRole('dialog');
    const pay = await screen.findByRole('button', { name: /^Pay / });
    await userEvent.click(pay);
    await waitFor(() => expect(pay).toHaveTextContent('Processing...'));
    // Busy, not disabled: a disabled button drops the focus to the page's start, behind the dialog.
    expect(pay).toHaveAttribute('aria-disabled', 'true');
    expect(pay).toHaveFocus();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard('{Enter}');
    await userEvent.click(pay);
    expect(confirmCardPayment).toHaveBeenCalledOnce();

    settle();
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
    expect(pay).toHaveAttribute('aria-disabled', 'false');
    expect(pay).toBeEnabled();
    expect(intents).toHaveLength(1);
  });
});
