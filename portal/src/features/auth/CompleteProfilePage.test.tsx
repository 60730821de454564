import { answer, json, newUser, signIn } from '@diaspora/test-support';
import { AppProviders } from '@diaspora/ui';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { CompleteProfilePage } from './CompleteProfilePage';

afterEach(() => localStorage.clear());

describe('CompleteProfilePage', () => {
  it('on a full page load waits for the session instead of sending the member to sign in', async () => {
    // The api client's PROFILE_INCOMPLETE redirect loads the page afresh: the user is not known yet.
    const member = newUser({ name: 'Almaz', email: 'almaz@example.com' });
    signIn(member);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    answer.get('/api/auth/me', async () => {
      await held;
      return json({ ...member, country: null, profession: null, profileComplete: false });
    });
    render(
      <MemoryRouter initialEntries={['/complete-profile']}>
        <AppProviders>
          <Routes>
            <Route path="/complete-profile" element={<CompleteProfilePage />} />
            <Route path="/login" element={<h1>Sign in page</h1>} />
          </Routes>
        </AppProviders>
      </MemoryRouter>,
    );
    expect(screen.queryByRole('heading', { name: 'Sign in page' })).toBeNull();
    release();
    expect(
      await screen.findByRole('heading', { name: 'Complete your profile' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sign in page' })).toBeNull();
  });
});
