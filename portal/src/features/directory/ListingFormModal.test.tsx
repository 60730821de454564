import { AppProviders } from '@diaspora/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ListingFormModal } from './ListingFormModal';
import { newListing } from '@diaspora/test-support';

const renderModal = () =>
  render(
    <AppProviders>
      <QueryClientProvider client={new QueryClient()}>
        <ListingFormModal
          open
          onClose={() => undefined}
          onSubmitted={() => undefined}
          listing={newListing({
            status: 'rejected',
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
});
