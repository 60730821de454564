import { AppProviders } from '@diaspora/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DirectoryPage } from './DirectoryPage';
import {
  answer,
  json,
  newListing,
  newUser,
  pageOf,
  recordRequests,
  signIn,
} from '@diaspora/test-support';

const MEMBER = newUser({ name: 'Abebe' });

const upload = vi.hoisted(() => ({ calls: [] as FormData[], answer: undefined as unknown }));

vi.hoisted(() => {
  window.__APP_CONFIG__ = { apiOrigin: 'http://localhost' };
});

// The upload transport (XMLHttpRequest) is the api-client's own, tested there; here it records.
vi.mock('@diaspora/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@diaspora/api-client')>();
  return {
    ...actual,
    upload: vi.fn(
      async (
        _method: string,
        _path: string,
        body: FormData,
        options?: { onProgress?: (p: number) => void },
      ) => {
        upload.calls.push(body);
        options?.onProgress?.(60);
        if (upload.answer instanceof Error) throw upload.answer;
        return upload.answer;
      },
    ),
  };
});

function LocationProbe() {
  return <output data-testid="location">{useLocation().search}</output>;
}

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders>
        <QueryClientProvider client={new QueryClient()}>
          <Routes>
            <Route
              path="/directory"
              element={
                <>
                  <DirectoryPage />
                  <LocationProbe />
                </>
              }
            />
          </Routes>
        </QueryClientProvider>
      </AppProviders>
    </MemoryRouter>,
  );

let sent: string[] = [];
/** Answers each GET path with its body and records every request from now on. */
function serve(routes: Record<string, unknown>) {
  for (const [path, body] of Object.entries(routes)) answer.get(path, () => json(body));
  sent = recordRequests();
}
/** The URLs of the GETs sent to `path`, in order. */
const requested = (path: string) =>
  sent
    .filter((line) => line.startsWith('GET '))
    .map((line) => new URL(line.slice('GET '.length), 'http://localhost'))
    .filter((url) => url.pathname === path);

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  upload.calls = [];
  upload.answer = undefined;
});

describe('DirectoryPage for guests', () => {
  it('shows the member-only notice and never calls the member routes', async () => {
    serve({});
    renderAt('/directory');
    expect(await screen.findByRole('heading', { name: 'Member-Only Access' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login to Access' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Join Community' })).toHaveAttribute(
      'href',
      '/register',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add Your Business' }));
    expect(screen.getByText('Please login to submit your business listing.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requested('/api/directory')).toHaveLength(0);
  });
});

// Typing a whole form takes a while on a busy machine.
describe('DirectoryPage for members', { timeout: 60_000 }, () => {
  const mine = [
    newListing({ _id: 'm1', name: 'My Pending Cafe', status: 'pending' }),
    newListing({ _id: 'm2', name: 'My Rejected Shop', status: 'rejected' }),
  ];

  it('shows counts, both tabs and cards linking to the detail', async () => {
    signIn(MEMBER);
    serve({
      '/api/auth/me': MEMBER,
      '/api/directory': {
        ...pageOf('listings', [
          newListing(),
          newListing({ _id: 'l2', name: 'Heart Clinic', type: 'professional' }),
        ]),
        total: 14,
        totalPages: 2,
      },
      '/api/directory/my-listings': pageOf('listings', mine),
    });
    renderAt('/directory');
    expect(await screen.findByRole('link', { name: 'Buna House' })).toHaveAttribute(
      'href',
      '/directory/l1',
    );
    expect(screen.getByTestId('count-businesses')).toHaveTextContent('14');
    expect(screen.getByTestId('count-mine')).toHaveTextContent('2');
    expect(screen.getByRole('tab', { name: 'All Businesses' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const card = screen
      .getByRole('link', { name: 'Heart Clinic' })
      .closest('article') as HTMLElement;
    expect(within(card).getByText('Professional')).toBeInTheDocument();

    // The results are the selected tab's panel; an arrow key moves to the other tab and selects it.
    expect(screen.getByRole('tabpanel', { name: 'All Businesses' })).toBeInTheDocument();
    screen.getByRole('tab', { name: 'All Businesses' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'My Submissions (2)' })).toHaveFocus();
    expect(await screen.findByText('My Pending Cafe')).toBeInTheDocument();
    expect(screen.getByRole('tabpanel', { name: 'My Submissions (2)' })).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();
    expect(screen.getByText('Rejected')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('?tab=mine');
  });

  it('keeps search, type, category and page in the URL and sends them to the API', async () => {
    signIn(MEMBER);
    serve({
      '/api/auth/me': MEMBER,
      '/api/directory': { ...pageOf('listings', [newListing()]), total: 30, totalPages: 3 },
      '/api/directory/my-listings': pageOf('listings', []),
    });
    renderAt('/directory?category=retail&page=2');
    await screen.findByRole('link', { name: 'Buna House' });
    expect(screen.getByLabelText('Category')).toHaveValue('retail');
    const first = requested('/api/directory').at(-1);
    expect(first?.searchParams.get('category')).toBe('retail');
    expect(first?.searchParams.get('page')).toBe('2');

    await userEvent.selectOptions(screen.getByLabelText('Type'), 'professional');
    expect(screen.getByTestId('location')).toHaveTextContent('?type=professional&category=retail');
    await userEvent.type(screen.getByLabelText('Search'), 'ቡና');
    await vi.waitFor(() =>
      expect(requested('/api/directory').at(-1)?.searchParams.get('search')).toBe('ቡና'),
    );
    const last = requested('/api/directory').at(-1);
    expect(last?.searchParams.get('type')).toBe('professional');
    expect(last?.searchParams.get('page')).toBe('1');
    expect(screen.getByTestId('location').textContent).toContain('search=');
  });

  it('checks the modal on the client, then submits the dotted form and shows the banner for 5 s', async () => {
    signIn(MEMBER);
    serve({
      '/api/auth/me': MEMBER,
      '/api/directory': pageOf('listings', []),
      '/api/directory/my-listings': pageOf('listings', []),
    });
    upload.answer = newListing({ status: 'pending' });
    renderAt('/directory');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Your Business' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Your Business' });
    await userEvent.type(within(dialog).getByLabelText(/Email/), 'not-an-email');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit for Review' }));
    expect(within(dialog).getByText('Business Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Category is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Country is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(upload.calls).toHaveLength(0);

    const notImage = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    await userEvent.upload(within(dialog).getByLabelText('Logo'), notImage, { applyAccept: false });
    expect(within(dialog).getByText('notes.txt is not an image file')).toBeInTheDocument();
    const logo = new File([new Uint8Array([0x89, 0x50])], 'logo.png', { type: 'image/png' });
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    await userEvent.upload(within(dialog).getByLabelText('Logo'), logo);
    expect(within(dialog).getByAltText('Preview of logo.png')).toBeInTheDocument();

    await userEvent.clear(within(dialog).getByLabelText(/Email/));
    await userEvent.type(within(dialog).getByLabelText(/Email/), 'hi@buna.example');
    await userEvent.type(within(dialog).getByLabelText(/Business Name/), 'Buna House');
    await userEvent.selectOptions(within(dialog).getByLabelText(/Category/), 'retail');
    await userEvent.type(within(dialog).getByLabelText(/Description/), 'Coffee.');
    await userEvent.selectOptions(within(dialog).getByLabelText(/Country/), 'Canada');
    await userEvent.type(within(dialog).getByLabelText('Monday'), '9 - 5');
    await userEvent.type(within(dialog).getByLabelText('Tags'), 'coffee , roastery,');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit for Review' }));

    expect(await screen.findByText(/pending review/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const form = upload.calls[0];
    expect(form.get('name')).toBe('Buna House');
    expect(form.get('type')).toBe('business');
    expect(form.get('contact.email')).toBe('hi@buna.example');
    expect(form.get('contact.address.country')).toBe('Canada');
    expect(form.get('hours.monday')).toBe('9 - 5');
    expect(form.has('hours.tuesday')).toBe(false);
    expect(form.get('tags')).toBe('coffee,roastery');
    expect((form.get('logo') as File).name).toBe('logo.png');
    await act(async () => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.queryByText(/pending review/)).not.toBeInTheDocument();
  });

  it("shows the server's 400 msg, and the spec's text for other failures", async () => {
    signIn(MEMBER);
    serve({
      '/api/auth/me': MEMBER,
      '/api/directory': pageOf('listings', []),
      '/api/directory/my-listings': pageOf('listings', []),
    });
    const { ApiRequestError } = await import('@diaspora/api-client');
    upload.answer = new ApiRequestError(400, {
      msg: 'Please enter a valid website address',
      errors: [{ field: 'contact.website', msg: 'Please enter a valid website address' }],
    });
    renderAt('/directory');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Your Business' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Business Name/), 'Buna');
    await userEvent.selectOptions(within(dialog).getByLabelText(/Category/), 'retail');
    await userEvent.type(within(dialog).getByLabelText(/Description/), 'Coffee.');
    await userEvent.selectOptions(within(dialog).getByLabelText(/Country/), 'Canada');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit for Review' }));
    expect(await within(dialog).findAllByText('Please enter a valid website address')).toHaveLength(
      2,
    );
    upload.answer = new Error('network down');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit for Review' }));
    expect(
      await within(dialog).findByText('Failed to submit business listing. Please try again.'),
    ).toBeInTheDocument();
  });
});
