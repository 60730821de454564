import { answer, apiError, json, newListing, pageOf, type Overrides } from '@diaspora/test-support';
import type { Listing } from '@diaspora/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInConsole } from '../../testing/renderInConsole';
import { DirectoryTab } from './DirectoryTab';

const listing = (overrides: Overrides<Listing> = {}): Listing =>
  newListing({
    contact: {
      email: 'hello@buna.example',
      phone: '+1 416 555 0142',
      website: null,
      address: { street: null, city: 'Toronto', state: null, country: 'Canada', postalCode: null },
    },
    hours: {},
    socialMedia: {},
    tags: [],
    images: ['/a.webp', '/b.webp'],
    imageThumbnails: ['/a-t.webp', '/b-t.webp'],
    status: 'pending',
    verified: false,
    views: 0,
    updatedAt: '2026-03-07T09:30:00.000Z',
    ...overrides,
  });

const list = (listings: Listing[]) => pageOf('listings', listings);

type Method = 'get' | 'post' | 'put' | 'delete';

/** Answers `'METHOD /path'` routes with their bodies, anything else 404; records every request. */
function serve(routes: Record<string, unknown>) {
  const calls: Array<{ key: string; body: unknown }> = [];
  const recorded =
    (reply: () => Response) =>
    async ({ request }: { request: Request }) => {
      const text = request.method === 'GET' ? '' : await request.text();
      const key = `${request.method} ${new URL(request.url).pathname}`;
      calls.push({ key, body: text ? JSON.parse(text) : undefined });
      return reply();
    };
  const notFound = recorded(() => apiError(404, 'LISTING_NOT_FOUND', 'Not found'));
  for (const method of ['get', 'post', 'put', 'delete'] as const)
    answer[method]('/api/*', notFound);
  // Registered last, so they win over the 404 above.
  for (const [key, reply] of Object.entries(routes)) {
    const [method, path] = key.split(' ');
    answer[method.toLowerCase() as Method](
      path,
      recorded(() => json(reply)),
    );
  }
  return calls;
}

const renderTab = () => renderInConsole(<DirectoryTab />);

afterEach(() => vi.restoreAllMocks());

describe('DirectoryTab (moderation panel)', { timeout: 30_000 }, () => {
  const approved = listing({
    _id: 'l2',
    name: 'Heart Clinic',
    status: 'approved',
    verified: true,
    images: ['/c.webp'],
    imageThumbnails: ['/c-t.webp'],
  });

  it('shows the pending cards with every field and both counts', async () => {
    serve({
      'GET /api/directory/admin/pending': list([listing()]),
      'GET /api/directory/admin/all': list([listing(), approved]),
    });
    renderTab();
    const card = (
      await screen.findByRole('heading', { name: 'Buna House' }, { timeout: 5000 })
    ).closest('article') as HTMLElement;
    expect(screen.getByRole('button', { name: 'Pending (1)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: 'All Listings (2)' })).toBeInTheDocument();
    for (const text of ['Business', 'Pending', '2 images', 'Retail', 'Mar 5, 2026']) {
      expect(within(card).getByText(text)).toBeInTheDocument();
    }
    expect(within(card).getByText(/hello@buna\.example/)).toBeInTheDocument();
    expect(within(card).getByText('Hanna Girma (hanna@example.com)')).toBeInTheDocument();
    expect(within(card).getByText('Ethiopian coffee roasted in Toronto.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'All Listings (2)' }));
    const clinic = (await screen.findByRole('heading', { name: 'Heart Clinic' })).closest(
      'article',
    ) as HTMLElement;
    expect(within(clinic).getByText('Verified')).toBeInTheDocument();
    expect(within(clinic).getByText('1 image')).toBeInTheDocument();
    expect(within(clinic).queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
    expect(within(clinic).queryByRole('button', { name: /^Verify/ })).not.toBeInTheDocument();
  });

  it('approves with the flags, verifies, features and rejects with a reason', async () => {
    const calls = serve({
      'GET /api/directory/admin/pending': list([listing()]),
      'GET /api/directory/admin/all': list([listing()]),
      'PUT /api/directory/admin/l1/approve': listing({ status: 'approved' }),
      'PUT /api/directory/admin/l1/verify': listing({ verified: true }),
      'PUT /api/directory/admin/l1/feature': listing({ featured: true }),
      'PUT /api/directory/admin/l1/reject': listing({ status: 'rejected' }),
    });
    renderTab();
    // Each action is named with its listing: the panel holds many alike.
    await userEvent.click(await screen.findByRole('button', { name: 'Approve Buna House' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        key: 'PUT /api/directory/admin/l1/approve',
        // The version reviewed: an owner's edit since is not approved unseen.
        body: { verified: false, featured: false, updatedAt: '2026-03-07T09:30:00.000Z' },
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Verify Buna House' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        key: 'PUT /api/directory/admin/l1/verify',
        body: { verified: true },
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Feature Buna House' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        key: 'PUT /api/directory/admin/l1/feature',
        body: { featured: true },
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Reject Buna House' }));
    // A reason typed then cancelled is gone when the dialog opens again (for this or another owner).
    await userEvent.type(
      within(screen.getByRole('dialog')).getByLabelText('Reason (optional)'),
      'Meant for someone else',
    );
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Reject Buna House' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject Buna House' });
    expect(within(dialog).getByLabelText('Reason (optional)')).toHaveValue('');
    await userEvent.type(within(dialog).getByLabelText('Reason (optional)'), 'No address');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject Listing' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        key: 'PUT /api/directory/admin/l1/reject',
        body: { reason: 'No address', updatedAt: '2026-03-07T09:30:00.000Z' },
      }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says why an approval was refused when the owner edited the listing since it was shown', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const calls = serve({
      'GET /api/directory/admin/pending': list([listing()]),
      'GET /api/directory/admin/all': list([listing()]),
    });
    answer.put('/api/directory/admin/l1/approve', () =>
      apiError(
        409,
        'EDIT_CONFLICT',
        'This item was changed by someone else while you were editing. Reload it to see their changes, then save again.',
      ),
    );
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Approve Buna House' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This item was changed by someone else while you were editing.',
    );
    // The list reloads, so the card shows the owner's edit and the version to approve.
    const pendingReads = () =>
      calls.filter(({ key }) => key === 'GET /api/directory/admin/pending').length;
    await waitFor(() => expect(pendingReads()).toBe(2));
  });

  it('opens the details modal with owner, status and both dates', async () => {
    serve({
      'GET /api/directory/admin/pending': list([listing()]),
      'GET /api/directory/admin/all': list([listing()]),
    });
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'View Details Buna House' }));
    const dialog = screen.getByRole('dialog', { name: 'Buna House' });
    expect(within(dialog).getByText('Hanna Girma (hanna@example.com)')).toBeInTheDocument();
    expect(within(dialog).getByText('Pending')).toBeInTheDocument();
    expect(within(dialog).getByText('Toronto, Canada')).toBeInTheDocument();
    expect(within(dialog).getByText('Submitted')).toBeInTheDocument();
    expect(within(dialog).getByText('Last updated')).toBeInTheDocument();
    expect(within(dialog).getByText(/Mar 7, 2026/)).toBeInTheDocument();
  });

  it('deletes only after confirmation and alerts when it fails', async () => {
    const calls = serve({
      'GET /api/directory/admin/pending': list([listing()]),
      'GET /api/directory/admin/all': list([listing()]),
    });
    const confirm = vi
      .spyOn(window, 'confirm')
      .mockReturnValueOnce(false)
      .mockReturnValueOnce(true);
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Buna House' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this item?');
    expect(calls.some((call) => call.key.startsWith('DELETE'))).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Buna House' }));
    expect(
      await screen.findByText('Failed to delete listing. Please try again.'),
    ).toBeInTheDocument();
    expect(calls.map((call) => call.key)).toContain('DELETE /api/directory/l1');
  });

  it('shows both empty states', async () => {
    serve({
      'GET /api/directory/admin/pending': list([]),
      'GET /api/directory/admin/all': list([]),
    });
    renderTab();
    expect(await screen.findByText('No pending listings')).toBeInTheDocument();
    expect(screen.getByText('All business listings have been reviewed.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'All Listings (0)' }));
    expect(await screen.findByText('No listings found')).toBeInTheDocument();
    expect(screen.getByText('No business listings have been submitted yet.')).toBeInTheDocument();
  });
});
