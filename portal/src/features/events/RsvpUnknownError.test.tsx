import { answer, json, newEvent, newUser, signIn } from '@diaspora/test-support';
import { AppProviders } from '@diaspora/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RsvpControls } from './RsvpControls';

describe('an RSVP refused with a code this build does not know', () => {
  it('says the generic RSVP failure, never the raw codes.… key', async () => {
    const member = newUser({ name: 'Abebe' });
    signIn(member);
    answer.get('/api/auth/me', () => json(member));
    answer.get('/api/payments/tickets', () => json([]));
    // A newer server's code, which no document of this build lists, without a msg.
    const somethingNew = 'SOMETHING_NEW';
    answer.post('/api/events/:id/rsvp', () => json({ statusCode: 409, code: somethingNew }, 409));
    render(
      <MemoryRouter>
        <AppProviders>
          <QueryClientProvider client={new QueryClient()}>
            <RsvpControls event={newEvent({ _id: 'coffee', title: 'Coffee', isFree: true })} />
          </QueryClientProvider>
        </AppProviders>
      </MemoryRouter>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Going' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to RSVP. Please try again.');
    expect(document.body).not.toHaveTextContent(/codes\./);
  });
});
