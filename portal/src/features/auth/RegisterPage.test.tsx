import { authApi, type User } from '@diaspora/api-client';
import { AppProviders } from '@diaspora/ui';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RegisterPage } from './RegisterPage';

afterEach(() => vi.restoreAllMocks());

describe('RegisterPage', () => {
  it('validates, then sends the registration without the confirmation', async () => {
    const registerCall = vi
      .spyOn(authApi, 'register')
      .mockResolvedValue({ token: 't', user: { name: 'Abebe' } as User });
    render(
      <MemoryRouter>
        <AppProviders>
          <RegisterPage />
        </AppProviders>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Join our community' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Full name/), 'Abebe');
    await userEvent.type(screen.getByLabelText(/Email address/), 'abebe@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), '1234567');
    await userEvent.type(screen.getByLabelText(/Confirm password/), '12346');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    // Focus moves up to the first field to fix.
    expect(screen.getByLabelText(/^Password/)).toHaveFocus();
    expect(registerCall).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText(/^Password/), '8');
    await userEvent.clear(screen.getByLabelText(/Confirm password/));
    await userEvent.type(screen.getByLabelText(/Confirm password/), '12345678');
    await userEvent.selectOptions(screen.getByLabelText(/Country/), 'Ethiopia');
    await userEvent.type(screen.getByLabelText(/Profession/), 'Teacher');
    await userEvent.click(screen.getByLabelText('Education'));
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(registerCall).toHaveBeenCalledWith({
      name: 'Abebe',
      email: 'abebe@example.com',
      password: '12345678',
      country: 'Ethiopia',
      profession: 'Teacher',
      bio: '',
      interests: ['education'],
    });
  }, 20000);
});
