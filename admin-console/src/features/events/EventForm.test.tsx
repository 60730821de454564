import { ApiRequestError, ErrorCode } from '@diaspora/api-client';
import { answer, json, newEvent } from '@diaspora/test-support';
import { AppProviders } from '@diaspora/ui';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventForm } from './EventForm';
import { sendEventForm } from './eventUpload';

vi.mock('./eventUpload', () => ({ sendEventForm: vi.fn() }));
const send = vi.mocked(sendEventForm);

const renderForm = () => {
  const onSaved = vi.fn();
  render(
    <AppProviders>
      <EventForm onSaved={onSaved} onCancel={vi.fn()} />
    </AppProviders>,
  );
  return onSaved;
};

async function fillRequired() {
  await userEvent.type(screen.getByLabelText(/^Title/), 'Gala');
  await userEvent.type(screen.getByLabelText(/^Description/), 'A night');
  await userEvent.type(screen.getByLabelText(/^Date/), '2030-01-02');
  await userEvent.type(screen.getByLabelText(/^Time/), '18:30');
  await userEvent.type(screen.getByLabelText(/^Location name/), 'Hall');
  await userEvent.selectOptions(screen.getByLabelText(/^Country/), 'Canada');
}

afterEach(() => {
  vi.clearAllMocks();
});

// The venue's zones as the API answers them: Canada has several; Toronto's city names its zone.
beforeEach(() => {
  answer.get('/api/events/time-zones', ({ request }) => {
    const query = new URL(request.url).searchParams;
    const zones = query.get('country') === 'Canada' ? ['America/Toronto', 'America/Vancouver'] : [];
    const suggested = query.get('city') === 'Toronto' ? 'America/Toronto' : null;
    return json({ zones, suggested, required: true });
  });
});

describe('EventForm', () => {
  it("offers the country's zones, preselects the city's and sends the one chosen", async () => {
    send.mockResolvedValue({} as Awaited<ReturnType<typeof sendEventForm>>);
    renderForm();
    await fillRequired();
    const zone = screen.getByLabelText(/^Venue time zone/);
    await waitFor(() =>
      expect([...zone.querySelectorAll('option')].map((o) => o.value)).toEqual([
        '',
        'America/Toronto',
        'America/Vancouver',
      ]),
    );
    expect(zone).toHaveValue('');
    await userEvent.type(screen.getByLabelText(/^City/), 'Toronto');
    await waitFor(() => expect(zone).toHaveValue('America/Toronto'));
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0][0].get('timeZone')).toBe('America/Toronto');
    // Picked by hand, the zone stays whatever the city says.
    await userEvent.selectOptions(zone, 'America/Vancouver');
    await userEvent.type(screen.getByLabelText(/^City/), 'x');
    expect(zone).toHaveValue('America/Vancouver');
  });

  it("sends each ticket type's description in the pricing JSON", async () => {
    send.mockResolvedValue({} as Awaited<ReturnType<typeof sendEventForm>>);
    const onSaved = renderForm();
    await fillRequired();
    await userEvent.click(screen.getByLabelText('Paid event'));
    await userEvent.type(screen.getByLabelText('General price'), '25');
    await userEvent.type(screen.getByLabelText('General description'), ' Entry and dinner ');
    await userEvent.type(screen.getByLabelText('VIP price'), '80');
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    const form = send.mock.calls[0][0];
    expect(JSON.parse(form.get('pricing') as string)).toEqual({
      general: { amount: 25, currency: 'usd', description: 'Entry and dinner' },
      vip: { amount: 80, currency: 'usd' },
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it("keeps the spec's 500MB label but refuses images over the server's 20MB cap", async () => {
    send.mockResolvedValue({} as Awaited<ReturnType<typeof sendEventForm>>);
    renderForm();
    const picker = screen.getByLabelText('Images (up to 10, max 500MB each)');
    const big = new File(['x'], 'poster.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 25 * 1024 * 1024 });
    const small = new File(['x'], 'small.png', { type: 'image/png' });
    await userEvent.upload(picker, [small, big]);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'poster.png is too large (25.00MB). The server accepts images up to 20MB each.',
    );
    await fillRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0][0].getAll('images')).toEqual([]);
  });

  it('marks the empty required fields without sending and focuses the first one', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    const title = screen.getByLabelText(/^Title/);
    expect(title).toHaveFocus();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription('Title is required');
    expect(screen.getByLabelText(/^Country/)).toHaveAccessibleDescription('Country is required');
    expect(screen.getByLabelText(/^City/)).toHaveAttribute('aria-invalid', 'false');

    await userEvent.type(title, 'Gala');
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    const description = screen.getByLabelText(/^Description/);
    expect(description).toHaveFocus();
    expect(description).toHaveAccessibleDescription('Description is required');
    expect(title).toHaveAttribute('aria-invalid', 'false');
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the version it loaded; on EDIT_CONFLICT it says so and keeps what was typed', async () => {
    send.mockRejectedValue(
      new ApiRequestError(409, {
        statusCode: 409,
        msg: 'changed by someone else',
        code: ErrorCode.EDIT_CONFLICT,
      }),
    );
    const event = newEvent({ _id: 'e1', title: 'Gala', updatedAt: '2026-03-06T08:30:00.456Z' });
    const onSaved = vi.fn();
    render(
      <AppProviders>
        <EventForm event={event} onSaved={onSaved} onCancel={vi.fn()} />
      </AppProviders>,
    );
    const title = screen.getByLabelText(/^Title/);
    await userEvent.clear(title);
    await userEvent.type(title, 'Gala night');
    await userEvent.click(screen.getByRole('button', { name: 'Update Event' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    const [form, eventId] = send.mock.calls[0];
    expect(eventId).toBe('e1');
    expect(form.get('updatedAt')).toBe('2026-03-06T08:30:00.456Z');
    expect(
      await screen.findByText(
        'This item was changed by someone else while you were editing. Reload it to see their changes, then save again.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Gala night');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('keeps Save focused while the save runs: another press or Enter sends nothing', async () => {
    let finish = () => {};
    send.mockReturnValue(
      new Promise((resolve) => {
        finish = () => resolve({} as Awaited<ReturnType<typeof sendEventForm>>);
      }),
    );
    const onSaved = renderForm();
    await fillRequired();
    const save = screen.getByRole('button', { name: 'Create Event' });
    await userEvent.click(save);
    await waitFor(() => expect(save).toHaveAttribute('aria-disabled', 'true'));
    // aria-disabled, not disabled: a disabled button drops the keyboard's focus.
    expect(save).toBeEnabled();
    expect(save).toHaveFocus();
    await userEvent.click(save);
    await userEvent.type(screen.getByLabelText(/^Title/), '{Enter}');
    expect(send).toHaveBeenCalledTimes(1);
    finish();
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
  });

  it('names each Remove with its item: images by their place, videos by their file', async () => {
    const media = (url: string) => ({ url, caption: '' });
    render(
      <AppProviders>
        <EventForm
          event={newEvent({
            images: [media('/api/files/events/a.webp'), media('/api/files/events/b.webp')],
            videos: [media('/api/files/events/intro.mp4')],
          })}
          onSaved={vi.fn()}
          onCancel={vi.fn()}
        />
      </AppProviders>,
    );
    expect(screen.getByRole('button', { name: 'Remove image 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove image 2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove intro.mp4' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(screen.getAllByRole('button', { name: /^Remove image/ })).toHaveLength(1);
    // The focus stays in the list: on the Remove that took the removed one's place, then, with
    // none left, on the upload field that follows.
    expect(screen.getByRole('button', { name: 'Remove image 1' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(screen.getByLabelText(/^Images/)).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Remove intro.mp4' }));
    expect(screen.getByLabelText(/^Videos/)).toHaveFocus();
  });

  it('prompts for a country instead of showing a blank select', () => {
    renderForm();
    const country = screen.getByLabelText(/^Country/) as HTMLSelectElement;
    expect(country.value).toBe('');
    expect(country.options[0]).toHaveTextContent('Select a country');
  });
});
