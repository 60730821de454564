import { answer, apiError, json, newUser, bodiesSent } from '@diaspora/test-support';
import { AppProviders } from '@diaspora/ui';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ProfilePage } from './ProfilePage';

const user = newUser({
  _id: 'u1',
  name: 'Hanna',
  email: 'hanna@example.com',
  status: 'pending',
  country: 'Canada',
  profession: 'Nurse',
  approvedAt: null,
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
});

const renderProfile = () =>
  render(
    <MemoryRouter>
      <AppProviders>
        <ProfilePage />
      </AppProviders>
    </MemoryRouter>,
  );

describe('ProfilePage', () => {
  it('asks guests to log in', async () => {
    renderProfile();
    expect(await screen.findByText('Please log in to view your profile.')).toBeInTheDocument();
  });

  it('shows empty values, saves edits into the stored user and shows the failure alert', async () => {
    localStorage.setItem('token', 't');
    answer.get('/api/auth/me', () => json(user));
    answer.get('/api/payments/tickets', () => json([]));
    answer.get('/api/tickets', () => json([]));
    answer.get('/api/events/door-events', () => json([]));
    const updates = bodiesSent('put', '/api/users/profile', (count) =>
      count === 1
        ? json({ ...user, bio: 'Caring for people' })
        : apiError(500, 'INTERNAL_ERROR', 'Something went wrong'),
    );
    renderProfile();
    expect(await screen.findByText('No bio provided')).toBeInTheDocument();
    // The tickets section sits on the profile too.
    expect(await screen.findByText('You have no event tickets yet.')).toBeInTheDocument();
    expect(screen.getAllByText('Not provided').length).toBeGreaterThan(0);

    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    // Focus goes into the form, and back to Edit when it closes.
    expect(document.activeElement?.closest('form.profile-form')).not.toBeNull();
    expect(document.activeElement?.tagName).toMatch(/^(INPUT|SELECT|TEXTAREA)$/);
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('LinkedIn')).toHaveAttribute('placeholder', 'https://');
    await userEvent.type(screen.getByLabelText('Bio'), 'Caring for people');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Caring for people')).toBeInTheDocument();
    expect(screen.getByText('Your profile has been updated.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toHaveFocus();
    expect(updates[0]).toMatchObject({
      bio: 'Caring for people',
      email: 'hanna@example.com',
    });
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').bio).toBe('Caring for people');

    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Failed to update profile. Please try again.'),
    ).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Bio'));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Caring for people')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toHaveFocus();
  });
});
