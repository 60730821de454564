import {
  answer,
  apiError,
  eventSummary,
  json,
  pageOf,
  recordRequests,
} from '@diaspora/test-support';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fullEvent } from '../../testing/fullEvent';
import { renderInConsole } from '../../testing/renderInConsole';
import { EventsTab } from './EventsTab';
import { sendEventForm } from './eventUpload';

// The save's upload (XHR with progress) is not what these tests are about.
vi.mock('./eventUpload', () => ({ sendEventForm: vi.fn() }));
const send = vi.mocked(sendEventForm);

/** The list of the events left and each one's whole record; a delete takes one away. */
function serve(count = 2) {
  let events = Array.from({ length: count }, (_, i) => fullEvent(i + 1));
  answer.get('/api/events', () => json(pageOf('events', events.map(eventSummary))));
  answer.get('/api/events/:id', ({ params }) => {
    const event = events.find((item) => item._id === params.id);
    return event ? json(event) : apiError(404, 'EVENT_NOT_FOUND', 'Event not found');
  });
  return {
    remove: (id: string) => {
      events = events.filter((event) => event._id !== id);
    },
  };
}

const renderTab = () => renderInConsole(<EventsTab />);

afterEach(() => vi.restoreAllMocks());

describe('Events tab: focus and feedback', () => {
  it('gives the focus back to Edit after Cancel and after Save, and says the event was saved', async () => {
    serve();
    send.mockResolvedValue(fullEvent(1));
    const user = userEvent.setup();
    renderTab();
    const edit = await screen.findByRole('button', { name: 'Edit Event 1' });

    await user.click(edit);
    await screen.findByRole('form', { name: 'Edit Event' });
    await waitFor(() => expect(screen.getByLabelText(/^Title/)).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('form', { name: 'Create Event' })).toBeVisible());
    expect(edit).toHaveFocus();
    expect(screen.queryByText('Event saved.')).not.toBeInTheDocument();

    await user.click(edit);
    await screen.findByRole('form', { name: 'Edit Event' });
    await user.click(screen.getByRole('button', { name: 'Update Event' }));
    const saved = await screen.findByText('Event saved.');
    expect(saved.closest('[role="status"]')).not.toBeNull();
    expect(screen.getByRole('form', { name: 'Create Event' })).toBeInTheDocument();
    expect(edit).toHaveFocus();
    expect(send).toHaveBeenCalledTimes(1);

    // Opening the form again clears the old confirmation.
    await user.click(edit);
    expect(screen.queryByText('Event saved.')).not.toBeInTheDocument();
  });

  it('gives the focus back to New Event, also when the row that opened the form is gone', async () => {
    const api = serve();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    answer.delete('/api/events/:id', ({ params }) => {
      api.remove(String(params.id));
      return json({ msg: 'Event deleted' });
    });
    const user = userEvent.setup();
    renderTab();
    const create = screen.getByRole('button', { name: 'New Event' });
    await screen.findByRole('button', { name: 'Edit Event 1' });

    await user.click(create);
    await waitFor(() => expect(screen.getByLabelText(/^Title/)).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(create).toHaveFocus());

    // Edit, then its row is deleted: Cancel cannot go back to a button that is gone.
    await user.click(screen.getByRole('button', { name: 'Edit Event 1' }));
    await screen.findByRole('form', { name: 'Edit Event' });
    await user.click(screen.getByRole('button', { name: 'Delete Event 1' }));
    await waitFor(() => expect(screen.queryByText('Event 1')).not.toBeInTheDocument());
    // Its form goes back to a new event, and the focus, which was on the row's Delete, to New Event.
    expect(screen.getByRole('form', { name: 'Create Event' })).toBeInTheDocument();
    await waitFor(() => expect(create).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(create).toHaveFocus());
  });

  it('keeps Delete focused and busy while its call runs: a second press sends nothing', async () => {
    const api = serve();
    const calls = recordRequests();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    let release = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    answer.delete('/api/events/:id', async ({ params }) => {
      await answered;
      api.remove(String(params.id));
      return json({ msg: 'Event deleted' });
    });
    const user = userEvent.setup();
    renderTab();
    const remove = await screen.findByRole('button', { name: 'Delete Event 1' });
    remove.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(remove).toHaveAttribute('aria-disabled', 'true'));
    // aria-disabled, not disabled: the keyboard keeps its place.
    expect(remove).toBeEnabled();
    expect(remove).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Delete Event 2' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.keyboard('{Enter}');
    await user.click(remove);
    expect(confirm).toHaveBeenCalledTimes(1);

    release();
    await waitFor(() => expect(remove).not.toBeInTheDocument());
    // The control now at its place: the next row's Delete, not its Edit.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Delete Event 2' })).toHaveFocus(),
    );
    expect(screen.getByRole('button', { name: 'Delete Event 2' })).toHaveAttribute(
      'aria-disabled',
      'false',
    );
    expect(calls.filter((call) => call.startsWith('DELETE'))).toEqual(['DELETE /api/events/e1']);
  });
});
