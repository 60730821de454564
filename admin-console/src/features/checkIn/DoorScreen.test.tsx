import { setLanguage } from '@diaspora/i18n';
import { answer, json, newUser, signIn } from '@diaspora/test-support';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderInConsole } from '../../testing/renderInConsole';
import { DoorScreen } from './DoorScreen';

const staff = newUser({ _id: 's1', name: 'Door One', role: 'member' });
const list = {
  event: {
    id: 'e1',
    title: 'Timket Gala',
    startsAt: '2030-01-19T23:00:00Z',
    timeZone: 'UTC',
    cancelled: false,
  },
  counts: { checkedIn: 0, going: 2 },
  attendees: [
    {
      userId: 'u1',
      name: 'Abebe Kebede',
      email: 'abebe@example.com',
      ticketType: 'vip',
      code: 'DT1.a.a',
      amount: 50,
      currency: 'usd',
      state: 'going',
      checkedInAt: null,
      checkedInBy: null,
    },
  ],
};

const renderDoor = () =>
  renderInConsole(
    <Routes>
      <Route path="/admin/check-in/:eventId" element={<DoorScreen />} />
    </Routes>,
    { router: '/admin/check-in/e1' },
  );

beforeEach(() => {
  localStorage.clear();
  signIn(staff);
  answer.get('/api/auth/me', () => json(staff));
  answer.get('/api/events/e1/door', () => json(list));
  answer.get('/api/events/e1/door/counts', () => json({ checkedIn: 0, going: 2 }));
});
afterEach(() => setLanguage('en'));

describe('DoorScreen', () => {
  it('checks in by search and announces the answer with a sign and words, not colour alone', async () => {
    answer.post('/api/events/e1/check-ins', () =>
      json({
        result: 'already_checked_in',
        attendee: {
          userId: 'u1',
          name: 'Abebe Kebede',
          email: 'abebe@example.com',
          ticketType: 'vip',
        },
        checkedInAt: '2030-01-19T23:05:00Z',
        checkedInBy: 'Door Two',
        counts: { checkedIn: 1, going: 2 },
      }),
    );
    renderDoor();
    expect(await screen.findByRole('heading', { name: 'Timket Gala' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Name or email'), 'abebe');
    await userEvent.click(screen.getByRole('button', { name: 'Check in Abebe Kebede' }));
    const result = screen.getByTestId('door-result');
    expect(result).toHaveAttribute('aria-live', 'assertive');
    await waitFor(() => expect(result).toHaveTextContent('Already checked in'));
    expect(result).toHaveTextContent('!');
    expect(result).toHaveTextContent('Abebe Kebede · VIP');
    expect(result).toHaveTextContent(/Checked in at .* by Door Two/);
    expect(result).toHaveClass('door-result--warn');
    expect(screen.getByTestId('door-counts')).toHaveTextContent('1 of 2 checked in');
    // No CSV or door staff for door staff: those are the admins'.
    expect(screen.queryByRole('button', { name: /CSV/ })).not.toBeInTheDocument();
  });

  it('in Amharic', async () => {
    setLanguage('am');
    answer.post('/api/events/e1/check-ins', () =>
      json({ result: 'unknown_code', counts: { checkedIn: 0, going: 2 } }),
    );
    renderDoor();
    await userEvent.type(await screen.findByLabelText('ስም ወይም ኢሜይል'), 'Abebe');
    await userEvent.click(screen.getByRole('button', { name: 'Abebe Kebedeን አስገባ' }));
    await waitFor(() => expect(screen.getByTestId('door-result')).toHaveTextContent('ያልታወቀ ኮድ'));
    expect(screen.getByTestId('door-result')).toHaveClass('door-result--stop');
  });
});
