import { authApi, type User } from '@diaspora/api-client';
import { AppProviders } from '@diaspora/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UsersTab } from './UsersTab';

vi.hoisted(() => {
  window.__APP_CONFIG__ = { apiOrigin: 'http://localhost' };
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const person = (id: string, role = 'member', status = 'pending') =>
  ({
    _id: id,
    name: `Name ${id}`,
    email: `${id}@example.com`,
    role,
    status,
    country: 'Kenya',
    profession: 'Chef',
  }) as User;

interface Call {
  method: string;
  path: string;
  search: string;
  body?: unknown;
}

/** A small stand-in for the users API that records every call. */
function usersApiStandIn(users: User[], failWith?: { status: number; msg: string; code: string }) {
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    const url = new URL(request.url);
    const body = request.method === 'PUT' ? await request.text() : undefined;
    calls.push({
      method: request.method,
      path: url.pathname,
      search: url.search,
      body: body ? JSON.parse(body) : undefined,
    });
    if (request.method === 'GET' && url.pathname === '/api/users') {
      const q = url.searchParams.get('search') ?? '';
      const found = users.filter((u) => u.name.toLowerCase().includes(q.toLowerCase()));
      return json({ users: found, total: found.length, page: 1, totalPages: 1 });
    }
    if (request.method === 'POST' && /\/password-reset$/.test(url.pathname)) {
      return new Response(null, { status: 202 });
    }
    if (request.method === 'PUT' && failWith)
      return json({ statusCode: failWith.status, ...failWith }, failWith.status);
    const action = /^\/api\/users\/([^/]+)\/(\w+)$/.exec(url.pathname);
    if (request.method === 'PUT' && action) {
      const user = users.find((u) => u._id === action[1]) as User;
      return json(user);
    }
    return json({ statusCode: 404, msg: 'Not found' }, 404);
  });
  return calls;
}

async function renderTab() {
  localStorage.setItem('token', 't');
  vi.spyOn(authApi, 'me').mockResolvedValue(person('me', 'admin', 'approved'));
  render(
    <AppProviders>
      <QueryClientProvider client={new QueryClient()}>
        <UsersTab />
      </QueryClientProvider>
    </AppProviders>,
  );
  await screen.findByRole('table');
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

afterEach(() => vi.restoreAllMocks());

describe('UsersTab', () => {
  it('searches on the server as the admin types', async () => {
    const calls = usersApiStandIn([person('me', 'admin'), person('abebe'), person('tigist')]);
    await renderTab();
    await userEvent.type(screen.getByLabelText('Search members'), 'tig');
    await waitFor(() => expect(screen.queryByText('Name abebe')).not.toBeInTheDocument());
    expect(screen.getByText('Name tigist')).toBeInTheDocument();
    const searches = calls.filter((c) => c.path === '/api/users').map((c) => c.search);
    expect(searches).toContain('?page=1&limit=50&search=tig');
    // Debounced: not one request per key.
    expect(searches.some((s) => s.endsWith('search=t'))).toBe(false);
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
      expect(calls.filter((c) => c.method === 'PUT')).toEqual([
        { method: 'PUT', path: '/api/users/abebe/approve', search: '', body: undefined },
        { method: 'PUT', path: '/api/users/abebe/block', search: '', body: undefined },
        { method: 'PUT', path: '/api/users/abebe/role', search: '', body: { role: 'admin' } },
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
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(send);
    expect(await within(row).findByText('Reset link sent')).toBeInTheDocument();
    expect(confirm).toHaveBeenLastCalledWith(
      'Email Name abebe (abebe@example.com) a link to choose a new password?',
    );
    expect(calls).toContainEqual(
      expect.objectContaining({ method: 'POST', path: '/api/users/abebe/password-reset' }),
    );
  });
});
