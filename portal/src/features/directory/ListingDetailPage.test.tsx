import { AppProviders } from '@diaspora/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  answer,
  apiError,
  json,
  newListing,
  newUser,
  pageOf,
  recordRequests,
  signIn,
} from '@diaspora/test-support';
import { ListingDetailPage } from './ListingDetailPage';

const MEMBER = newUser({ name: 'Abebe' });

vi.hoisted(() => {
  window.__APP_CONFIG__ = { apiOrigin: 'http://localhost' };
});

const upload = vi.hoisted(() => ({
  calls: [] as Array<{ method: string; path: string; id?: string; body: FormData }>,
}));

// The upload transport (XMLHttpRequest) is the api-client's own, tested there; here it records.
vi.mock('@diaspora/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@diaspora/api-client')>();
  return {
    ...actual,
    upload: vi.fn(
      async (method: string, path: string, body: FormData, options?: { path?: { id: string } }) => {
        upload.calls.push({ method, path, id: options?.path?.id, body });
        return {};
      },
    ),
  };
});

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders>
        <QueryClientProvider client={new QueryClient()}>
          <Routes>
            <Route path="/directory/:id" element={<ListingDetailPage />} />
          </Routes>
        </QueryClientProvider>
      </AppProviders>
    </MemoryRouter>,
  );

type Method = 'get' | 'post' | 'put' | 'delete';

/**
 * Answers `'METHOD /path'` routes with their bodies, views and empty discussions; any other
 * listing is not found.
 */
function serve(routes: Record<string, unknown>) {
  answer.get('/api/directory/:id', () =>
    apiError(404, 'LISTING_NOT_FOUND', 'Directory listing not found'),
  );
  answer.post('/api/:type/:id/view', () => json({ views: 1 }));
  answer.get('/api/comments/:type/:id', () => json(pageOf('comments', [])));
  // Registered last, so they win over the defaults above.
  for (const [route, body] of Object.entries(routes)) {
    const [method, path] = route.split(' ');
    answer[method.toLowerCase() as Method](path, () => json(body));
  }
}

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
  upload.calls = [];
});

describe('ListingDetailPage', () => {
  it('asks guests to log in and loads nothing', async () => {
    const sent = recordRequests();
    renderAt('/directory/l1');
    expect(
      await screen.findByRole('heading', { name: 'Member Access Required' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login to View' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Join Community' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(sent).toEqual([]);
  });

  it('shows every section to members and records a view on opening', async () => {
    signIn(MEMBER);
    serve({
      'GET /api/auth/me': MEMBER,
      'GET /api/directory/l1': newListing({
        images: ['/api/files/directory/l1/a.webp', '/api/files/directory/l1/b.webp'],
        featured: true,
      }),
      'POST /api/directory/l1/view': { views: 5 },
    });
    renderAt('/directory/l1');
    expect(await screen.findByRole('heading', { name: 'Buna House' })).toBeInTheDocument();
    expect(screen.getByText('Business')).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.getByText('Featured')).toBeInTheDocument();
    expect(screen.getByText('Retail')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://buna.example' })).toHaveAttribute(
      'href',
      'https://buna.example',
    );
    const hours = screen
      .getByRole('heading', { name: 'Business Hours' })
      .closest('section') as HTMLElement;
    expect(within(hours).getByText('8:00 - 18:00')).toBeInTheDocument();
    expect(within(hours).getAllByText('Closed')).toHaveLength(6);
    expect(screen.getByRole('link', { name: 'Instagram' })).toHaveAttribute(
      'href',
      'https://instagram.com/buna',
    );
    expect(screen.getByRole('heading', { name: 'Photo Gallery' })).toBeInTheDocument();
    expect(screen.getByText('Hanna Girma')).toBeInTheDocument();
    expect(screen.getByText('hanna@example.com')).toBeInTheDocument();
    expect(screen.getByText('roastery')).toBeInTheDocument();
    expect(
      screen.getByText('This listing is approved and visible to the public'),
    ).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByLabelText('Views, 5')).toBeInTheDocument());
    // Another member's listing: nothing to edit.
    expect(screen.queryByRole('button', { name: 'Edit and Resubmit' })).not.toBeInTheDocument();
  });

  it('lets the owner edit a rejected listing and resubmit it, keeping chosen images', async () => {
    signIn(MEMBER);
    serve({
      'GET /api/auth/me': MEMBER,
      'GET /api/directory/l3': newListing({
        _id: 'l3',
        status: 'rejected',
        rejectionReason: 'Add a phone number',
        owner: { _id: MEMBER._id, name: MEMBER.name, email: MEMBER.email },
        images: ['/api/files/directory/l3/a.webp', '/api/files/directory/l3/b.webp'],
        imageThumbnails: ['/api/files/directory/l3/a-t.webp', '/api/files/directory/l3/b-t.webp'],
      }),
    });
    renderAt('/directory/l3');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit and Resubmit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Your Listing' });
    expect(within(dialog).getByLabelText(/Business Name/)).toHaveValue('Buna House');
    expect(within(dialog).getByLabelText(/Country/)).toHaveValue('Canada');
    expect(within(dialog).getByLabelText('Monday')).toHaveValue('8:00 - 18:00');
    await userEvent.clear(within(dialog).getByLabelText(/^Phone/));
    await userEvent.type(within(dialog).getByLabelText(/^Phone/), '+1 416 555 0199');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove Image 1' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit for Review' }));
    expect(await screen.findByText(/pending review/)).toBeInTheDocument();
    const [call] = upload.calls;
    expect(call).toMatchObject({ method: 'PUT', path: '/api/directory/{id}', id: 'l3' });
    expect(call.body.get('contact.phone')).toBe('+1 416 555 0199');
    expect(call.body.get('tags')).toBe('coffee,roastery');
    expect(JSON.parse(call.body.get('existingImages') as string)).toEqual([
      '/api/files/directory/l3/b.webp',
    ]);
  }, 60_000);

  it('leaves Business Hours out when none are set, and reads the other statuses', async () => {
    signIn(MEMBER);
    serve({
      'GET /api/auth/me': MEMBER,
      'GET /api/directory/l1': newListing({ hours: {}, status: 'pending' }),
      'GET /api/directory/l2': newListing({
        _id: 'l2',
        status: 'rejected',
        rejectionReason: 'No address',
      }),
    });
    renderAt('/directory/l1');
    expect(await screen.findByText('This listing is pending approval')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Business Hours' })).not.toBeInTheDocument();
  });

  it('reads rejected listings with their reason', async () => {
    signIn(MEMBER);
    serve({
      'GET /api/auth/me': MEMBER,
      'GET /api/directory/l2': newListing({
        _id: 'l2',
        status: 'rejected',
        rejectionReason: 'No address',
      }),
    });
    renderAt('/directory/l2');
    expect(await screen.findByText('This listing has been rejected')).toBeInTheDocument();
    expect(screen.getByText('Reason: No address')).toBeInTheDocument();
  });

  it('copies the link when the device cannot share, and alerts', async () => {
    signIn(MEMBER);
    serve({ 'GET /api/auth/me': MEMBER, 'GET /api/directory/l1': newListing() });
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderAt('/directory/l1');
    await userEvent.click(await screen.findByRole('button', { name: 'Share' }));
    expect(writeText).toHaveBeenCalledWith(window.location.href);
    expect(alert).toHaveBeenCalledWith('Link copied to clipboard!');
  });

  it('uses the native share sheet when there is one', async () => {
    signIn(MEMBER);
    serve({ 'GET /api/auth/me': MEMBER, 'GET /api/directory/l1': newListing() });
    const share = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    renderAt('/directory/l1');
    await userEvent.click(await screen.findByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ title: 'Buna House' }));
    Reflect.deleteProperty(navigator, 'share');
  });

  it('shows Listing Not Found with the way back when loading fails', async () => {
    signIn(MEMBER);
    serve({ 'GET /api/auth/me': MEMBER });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderAt('/directory/missing');
    expect(await screen.findByRole('heading', { name: 'Listing Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Failed to load directory listing')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Directory' })).toHaveAttribute(
      'href',
      '/directory',
    );
  });
});
