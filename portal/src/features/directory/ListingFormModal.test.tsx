import { ApiRequestError, ErrorCode } from '@diaspora/api-client';
import { AppProviders } from '@diaspora/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListingFormModal } from './ListingFormModal';
import { newListing } from '@diaspora/test-support';

const upload = vi.hoisted(() => ({ calls: [] as FormData[], answer: undefined as unknown }));

// The upload transport (XMLHttpRequest) is the api-client's own, tested there; here it records.
vi.mock('@diaspora/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@diaspora/api-client')>();
  return {
    ...actual,
    upload: vi.fn(async (_method: string, _path: string, body: FormData) => {
      upload.calls.push(body);
      if (upload.answer instanceof Error) throw upload.answer;
      return upload.answer;
    }),
  };
});

const renderModal = (client = new QueryClient()) =>
  render(
    <AppProviders>
      <QueryClientProvider client={client}>
        <ListingFormModal
          open
          onClose={() => undefined}
          onSubmitted={() => undefined}
          listing={newListing({
            status: 'rejected',
            updatedAt: '2026-03-06T08:30:00.456Z',
            logo: '/api/files/directory/logo.webp',
            logoThumbnail: '/api/files/directory/logo-thumb.webp',
            images: ['/api/files/directory/one.webp'],
            imageThumbnails: ['/api/files/directory/one-thumb.webp'],
          })}
        />
      </QueryClientProvider>
    </AppProviders>,
  );

afterEach(() => {
  window.__APP_CONFIG__ = undefined;
  upload.calls = [];
  upload.answer = undefined;
});

describe('ListingFormModal', () => {
  it("shows the stored logo and images from the API's origin, in CORS mode on another origin", () => {
    window.__APP_CONFIG__ = { apiOrigin: 'http://api.example.org' };
    renderModal();
    const logo = screen.getByRole('img', { name: 'Current logo' });
    expect(logo).toHaveAttribute(
      'src',
      'http://api.example.org/api/files/directory/logo-thumb.webp',
    );
    expect(logo).toHaveAttribute('crossorigin', 'anonymous');
    const image = within(screen.getByRole('list', { name: 'Current images' })).getByRole('img', {
      name: 'Image 1',
    });
    expect(image).toHaveAttribute(
      'src',
      'http://api.example.org/api/files/directory/one-thumb.webp',
    );
    expect(image).toHaveAttribute('crossorigin', 'anonymous');
  });

  it('keeps root-relative paths as plain images when the API is this origin', () => {
    window.__APP_CONFIG__ = { apiOrigin: '' };
    renderModal();
    const logo = screen.getByRole('img', { name: 'Current logo' });
    expect(logo).toHaveAttribute('src', '/api/files/directory/logo-thumb.webp');
    expect(logo).not.toHaveAttribute('crossorigin');
  });

  it('sends the version it was opened with; on EDIT_CONFLICT it says so and keeps the values', async () => {
    window.__APP_CONFIG__ = { apiOrigin: '' };
    upload.answer = new ApiRequestError(409, {
      statusCode: 409,
      msg: 'changed',
      code: ErrorCode.EDIT_CONFLICT,
    });
    const client = new QueryClient();
    const reload = vi.spyOn(client, 'invalidateQueries');
    renderModal(client);
    const name = screen.getByLabelText(/^Business Name/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Buna House 2');
    await userEvent.click(screen.getByRole('button', { name: 'Submit for Review' }));
    await waitFor(() => expect(upload.calls).toHaveLength(1));
    expect(upload.calls[0].get('updatedAt')).toBe('2026-03-06T08:30:00.456Z');
    expect(
      await screen.findByText(
        'This item was changed by someone else while you were editing. Reload it to see their changes, then save again.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Business Name/)).toHaveValue('Buna House 2');
    // Closed, the listing reloads so the form opened next shows the other changes.
    expect(reload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(reload).toHaveBeenCalledWith({ queryKey: ['directory'] });
  });
});
