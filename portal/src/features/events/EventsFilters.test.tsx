import { i18n } from '@diaspora/i18n';
import { AppProviders } from '@diaspora/ui';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventsFilters, type EventFilterValues } from './EventsFilters';

const NONE: EventFilterValues = { search: '', category: '', country: '', upcomingOnly: false };

describe('EventsFilters', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('has a submit button (WCAG H32); submitting keeps the page and the filters', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const submitted = vi.fn((event: SubmitEvent) => event.defaultPrevented);
    render(
      <AppProviders>
        <EventsFilters values={NONE} onChange={onChange} />
      </AppProviders>,
    );
    const form = screen.getByRole('search', { name: 'Filter events' });
    // On the document: React's own handler (at its root) has run by then.
    document.addEventListener('submit', submitted);
    const apply = screen.getByRole('button', { name: 'Apply filters' });
    expect(apply).toHaveAttribute('type', 'submit');
    expect(form).toContainElement(apply);
    await user.click(apply);
    document.removeEventListener('submit', submitted);
    // The form was submitted, and the browser would not navigate away.
    expect(submitted).toHaveReturnedWith(true);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('names the button in Amharic', async () => {
    await i18n.changeLanguage('am');
    render(
      <AppProviders>
        <EventsFilters values={NONE} onChange={() => undefined} />
      </AppProviders>,
    );
    expect(screen.getByRole('button', { name: 'ማጣሪያዎቹን ተግብር' })).toHaveAttribute('type', 'submit');
  });
});
