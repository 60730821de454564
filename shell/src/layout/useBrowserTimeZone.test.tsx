import type { User } from '@diaspora/api-client';
import { answer, bodiesSent, json, newUser, signIn } from '@diaspora/test-support';
import { AppProviders } from '@diaspora/ui';
import { render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { browserTimeZone, useBrowserTimeZone } from './useBrowserTimeZone';

function Member({ user }: { user: User }) {
  useBrowserTimeZone(user);
  return null;
}

const renderFor = (user: User) => {
  signIn(user);
  answer.get('/api/auth/me', () => json(user));
  return render(
    <MemoryRouter>
      <AppProviders>
        <Member user={user} />
      </AppProviders>
    </MemoryRouter>,
  );
};

describe('useBrowserTimeZone', () => {
  it("saves the browser's zone for a member whose profile has none, and keeps the answer", async () => {
    const zone = browserTimeZone();
    expect(zone).toBeTruthy();
    const sent = bodiesSent('put', '/api/users/me/time-zone', () =>
      json(newUser({ timeZone: zone })),
    );
    renderFor(newUser());
    await waitFor(() => expect(sent).toEqual([{ timeZone: zone }]));
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ timeZone: zone }),
    );
  });

  it('leaves a zone the member chose', async () => {
    const sent = bodiesSent('put', '/api/users/me/time-zone');
    renderFor(newUser({ timeZone: 'America/Toronto' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual([]);
  });
});
