import { MemberStatus, type User } from '@diaspora/api-client';
import {
  answer,
  apiError,
  HttpResponse,
  json,
  newUser,
  pageOf,
  recordRequests,
  type Overrides,
} from '@diaspora/test-support';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInConsole } from '../../testing/renderInConsole';
import { UsersTab } from './UsersTab';

const person = (
  id: string,
  role = 'member',
  status: Overrides<User>['status'] = 'pending',
  signInMethods = ['password'],
) => ({
  ...newUser({
    _id: id,
    name: `Name ${id}`,
    email: `${id}@example.com`,
    role,
    status,
    country: 'Kenya',
    profession: 'Chef',
  }),
  signInMethods,
});

/** The users API over the given people (search by name); a refusal answers every action. */
function usersApiStandIn(users: User[], failWith?: { status: number; msg: string; code: string }) {
  const calls = recordRequests();
  answer.get('/api/auth/me', () => json(person('me', 'admin', 'approved')));
  answer.get('/api/users', ({ request }) => {
    const q = new URL(request.url).searchParams.get('search') ?? '';
    return json(
      pageOf(
        'users',
        users.filter((u) => u.name.toLowerCase().includes(q.toLowerCase())),
      ),
    );
  });
  answer.post('/api/users/:id/password-reset', () => new HttpResponse(null, { status: 202 }));
  answer.put('/api/users/:id/:action', ({ params }) =>
    failWith
      ? apiError(failWith.status, failWith.code, failWith.msg)
      : json(users.find((u) => u._id === params.id)),
  );
  return calls;
}

async function renderTab() {
  localStorage.setItem('token', 't');
  renderInConsole(<UsersTab />);
  await screen.findByRole('table');
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

afterEach(() => vi.restoreAllMocks());

describe('UsersTab', () => {
  it('shows how each member signs in: the password and each provider by its name', async () => {
    answer.get('/api/auth/oidc/providers', () =>
      json({ providers: [{ id: 'google', name: 'Google' }] }),
    );
    usersApiStandIn([
      person('me', 'admin'),
      person('both', 'member', 'approved', ['password', 'google']),
      person('gone', 'member', 'approved', ['retired']),
    ]);
    await renderTab();
    expect(screen.getByRole('columnheader', { name: 'Signs in with' })).toBeInTheDocument();
    expect(
      within(rowOf('Name both')).getByRole('cell', { name: 'Password, Google' }),
    ).toBeInTheDocument();
    // A provider no longer configured shows its id.
    expect(within(rowOf('Name gone')).getByRole('cell', { name: 'retired' })).toBeInTheDocument();
  });

  it('searches on the server as the admin types', async () => {
    const calls = usersApiStandIn([person('me', 'admin'), person('abebe'), person('tigist')]);
    await renderTab();
    await userEvent.type(screen.getByLabelText('Search members'), 'tig');
    await waitFor(() => expect(screen.queryByText('Name abebe')).not.toBeInTheDocument());
    expect(screen.getByText('Name tigist')).toBeInTheDocument();
    const searches = calls.filter((call) => call.startsWith('GET /api/users?'));
    expect(searches).toContain('GET /api/users?page=1&limit=50&search=tig');
    // Debounced: not one request per key.
    expect(searches.some((search) => search.endsWith('search=t'))).toBe(false);
  });

  it('shows status badges and offers only the actions that apply', async () => {
    usersApiStandIn([
      person('me', 'admin', 'approved'),
      person('pending'),
      person('approved', 'member', 'approved'),
      person('blocked', 'member', 'blocked'),
    ]);
    await renderTab();
    const me = rowOf('Name me');
    expect(within(me).queryByRole('button', { name: /Block/ })).not.toBeInTheDocument();
    expect(within(me).getByRole('combobox', { name: 'Role of Name me' })).toBeDisabled();
    const pending = rowOf('Name pending');
    expect(within(pending).getByText('Pending')).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: 'Approve Name pending' })).toBeEnabled();
    const approved = rowOf('Name approved');
    expect(within(approved).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    expect(within(approved).getByRole('button', { name: 'Block Name approved' })).toBeEnabled();
    const blocked = rowOf('Name blocked');
    expect(within(blocked).getByText('Blocked')).toBeInTheDocument();
    expect(within(blocked).getByRole('button', { name: 'Unblock Name blocked' })).toBeEnabled();
  });

  it('keeps the keyboard in the row when Approve goes away once approved', async () => {
    const users = [person('me', 'admin'), person('abebe')];
    usersApiStandIn(users);
    answer.put('/api/users/:id/approve', ({ params }) => {
      const user = users.find((u) => u._id === params.id) as User;
      user.status = MemberStatus.approved;
      return json(user);
    });
    await renderTab();
    const approve = within(rowOf('Name abebe')).getByRole('button', { name: 'Approve Name abebe' });
    approve.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(approve).not.toBeInTheDocument());
    // Not the page's start: the control now in Approve's place, the same member's Block.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Block Name abebe' })).toHaveFocus(),
    );
  });

  it('approves, blocks after confirming, and changes roles through the API', async () => {
    const calls = usersApiStandIn([person('me', 'admin'), person('abebe')]);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    await renderTab();
    const row = rowOf('Name abebe');
    await userEvent.click(within(row).getByRole('button', { name: 'Approve Name abebe' }));
    await userEvent.click(within(row).getByRole('button', { name: 'Block Name abebe' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('Block Name abebe?'));
    await userEvent.click(within(row).getByRole('button', { name: 'Block Name abebe' }));
    await userEvent.selectOptions(
      within(row).getByRole('combobox', { name: 'Role of Name abebe' }),
      'admin',
    );
    await waitFor(() =>
      expect(calls.filter((call) => call.startsWith('PUT'))).toEqual([
        'PUT /api/users/abebe/approve',
        'PUT /api/users/abebe/block',
        'PUT /api/users/abebe/role {"role":"admin"}',
      ]),
    );
  });

  it('marks an unconfirmed address and confirms it after asking, through the API', async () => {
    const waiting = { ...person('selam'), emailVerified: false };
    const calls = usersApiStandIn([person('me', 'admin'), waiting, person('abebe')]);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    await renderTab();
    const row = rowOf('Name selam');
    expect(within(row).getByText('Email not confirmed')).toBeInTheDocument();
    // A confirmed member has neither the mark nor the button.
    expect(within(rowOf('Name abebe')).queryByText('Email not confirmed')).not.toBeInTheDocument();
    expect(
      within(rowOf('Name abebe')).queryByRole('button', { name: /Confirm the email/ }),
    ).not.toBeInTheDocument();
    const button = within(row).getByRole('button', {
      name: 'Confirm the email address of Name selam',
    });
    await userEvent.click(button);
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('Confirm selam@example.com'));
    await userEvent.click(button);
    await waitFor(() =>
      expect(calls.filter((call) => call.startsWith('PUT'))).toEqual([
        'PUT /api/users/selam/confirm-email',
      ]),
    );
  });

  it("shows the server's reason when an action is refused", async () => {
    usersApiStandIn([person('me', 'admin'), person('abebe')], {
      status: 400,
      msg: 'Admins cannot be blocked; change their role to member first',
      code: 'CANNOT_BLOCK_ADMIN',
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await renderTab();
    await userEvent.click(screen.getByRole('button', { name: 'Block Name abebe' }));
    expect(
      await screen.findByText('Admins cannot be blocked; change their role to member first'),
    ).toBeInTheDocument();
  });

  it('emails a member a reset link after confirming, and says it was sent', async () => {
    const calls = usersApiStandIn([person('me', 'admin'), person('abebe')]);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    await renderTab();
    const row = rowOf('Name abebe');
    const send = within(row).getByRole('button', { name: 'Send Name abebe a password reset link' });
    await userEvent.click(send);
    expect(calls.some((call) => call.startsWith('POST'))).toBe(false);
    await userEvent.click(send);
    expect(await within(row).findByText('Reset link sent')).toBeInTheDocument();
    expect(confirm).toHaveBeenLastCalledWith(
      'Email Name abebe (abebe@example.com) a link to choose a new password?',
    );
    expect(calls).toContain('POST /api/users/abebe/password-reset');
  });

  it('keeps the reset button focused and busy while it sends: a second press asks nothing', async () => {
    const calls = usersApiStandIn([person('me', 'admin'), person('abebe')]);
    let release = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    answer.post('/api/users/:id/password-reset', async () => {
      await answered;
      return new HttpResponse(null, { status: 202 });
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    await renderTab();
    const row = rowOf('Name abebe');
    const send = within(row).getByRole('button', { name: 'Send Name abebe a password reset link' });
    send.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(send).toHaveAttribute('aria-disabled', 'true'));
    expect(send).toBeEnabled();
    expect(send).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(confirm).toHaveBeenCalledTimes(1);
    release();
    expect(await within(row).findByText('Reset link sent')).toBeInTheDocument();
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([
      'POST /api/users/abebe/password-reset',
    ]);
  });
});
