import {
  answer,
  apiError,
  eventSummary,
  json,
  newEvent,
  pageOf,
  type Event,
  type Overrides,
} from '@diaspora/test-support';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInConsole } from '../../testing/renderInConsole';
import { EventsTab } from './EventsTab';

const gala = (overrides: Overrides<Event> = {}) =>
  newEvent({
    title: 'Timket Gala',
    description: 'About',
    date: '2030-01-19T18:00:00.000Z',
    time: '18:00',
    location: { name: 'Hall', country: 'Canada', address: null, city: null },
    isFree: false,
    pricing: { general: { amount: 20, currency: 'usd' } },
    organizer: { name: '' },
    goingCount: 2,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  });

/**
 * The API as the tab sees it: the list, and the cancel and delete answers given; records the
 * write calls by method and path.
 */
function serve(answers: { cancel?: Response; remove?: Response }) {
  let event = gala();
  const writes: string[] = [];
  answer.get('/api/events', () => json(pageOf('events', [eventSummary(event)])));
  answer.post('/api/events/:id/cancel', ({ request }) => {
    writes.push(`POST ${new URL(request.url).pathname}`);
    const reply = answers.cancel ?? json({ msg: 'Event cancelled', refundedTickets: 2 });
    if (reply.ok) event = gala({ cancelledAt: '2029-12-01T10:00:00.000Z', isActive: false });
    return reply;
  });
  answer.delete('/api/events/:id', ({ request }) => {
    writes.push(`DELETE ${new URL(request.url).pathname}`);
    return answers.remove ?? apiError(404, 'EVENT_NOT_FOUND', 'Not found');
  });
  return writes;
}

const renderTab = () => renderInConsole(<EventsTab />);

afterEach(() => vi.restoreAllMocks());

describe('Events tab: cancel an event', () => {
  it('asks in a keyboard-usable dialog, cancels, and shows the event as cancelled', async () => {
    const writes = serve({});
    const user = userEvent.setup();
    renderTab();
    const open = await screen.findByRole('button', { name: 'Cancel event: Timket Gala' });

    // Escape keeps the event and gives focus back to the row's button.
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Cancel Timket Gala?' });
    expect(dialog).toHaveTextContent('Every paid ticket is refunded');
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
    expect(writes).toEqual([]);

    // Confirmed with the keyboard alone: Enter opens, Tab reaches the confirm button, Enter.
    await user.keyboard('{Enter}');
    const again = screen.getByRole('dialog', { name: 'Cancel Timket Gala?' });
    await user.tab();
    await user.tab();
    expect(within(again).getByRole('button', { name: 'Cancel event' })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Timket Gala is cancelled. 2 tickets were refunded.',
    );
    expect(writes).toEqual(['POST /api/events/e1/cancel']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const row = screen.getByRole('row', { name: /Timket Gala/ });
    expect(await within(row).findByText('Cancelled')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Cancel event: Timket Gala' })).toBeNull();
  });

  it('keeps the confirm button focused in the dialog while cancelling: a second press sends nothing', async () => {
    let release = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const writes: string[] = [];
    answer.get('/api/events', () => json(pageOf('events', [eventSummary(gala())])));
    answer.post('/api/events/:id/cancel', async ({ request }) => {
      writes.push(`POST ${new URL(request.url).pathname}`);
      await answered;
      return json({ msg: 'Event cancelled', refundedTickets: 0 });
    });
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Cancel event: Timket Gala' }));
    const dialog = screen.getByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Cancel event' });
    await user.click(confirm);
    await waitFor(() => expect(confirm).toHaveAttribute('aria-disabled', 'true'));
    expect(confirm).toBeEnabled();
    expect(confirm).toHaveFocus();
    await user.click(confirm);
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes).toEqual(['POST /api/events/e1/cancel']);
  });

  it("keeps the dialog open with the server's reason when cancelling fails", async () => {
    serve({
      cancel: json(
        {
          statusCode: 503,
          msg: 'Stripe payment processing is not configured.',
          code: 'STRIPE_NOT_CONFIGURED',
        },
        503,
      ),
    });
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel event: Timket Gala' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel event' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Payment processing is not configured.',
    );
  });

  it("shows the server's refusal when an event with paid tickets is deleted", async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    serve({
      remove: json(
        {
          statusCode: 409,
          msg: 'This event has paid tickets: cancel it first, which refunds them and tells the members',
          code: 'EVENT_HAS_PAID_TICKETS',
        },
        409,
      ),
    });
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Timket Gala' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'This event has paid tickets: cancel it first, which refunds them and tells the members',
      ),
    );
  });
});
