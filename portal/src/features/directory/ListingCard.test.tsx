import { setLanguage } from '@diaspora/i18n';
import { newListing } from '@diaspora/test-support';
import { AppProviders } from '@diaspora/ui';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ListingCard } from './ListingCard';

afterEach(() => setLanguage('en'));

// In Toronto, Canada.
const listing = newListing();

const renderCard = () =>
  render(
    <MemoryRouter>
      <AppProviders>
        <ListingCard listing={listing} showStatus={false} />
      </AppProviders>
    </MemoryRouter>,
  );

describe('ListingCard', () => {
  it('names the country in the reader’s language, joined as Amharic writes lists', async () => {
    renderCard();
    expect(screen.getByText('Toronto, Canada')).toBeInTheDocument();
    await setLanguage('am');
    expect(await screen.findByText('Toronto፣ ካናዳ')).toBeInTheDocument();
  });
});
