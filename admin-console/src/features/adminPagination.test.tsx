import { answer, articleSummary, eventSummary, json, newArticle } from '@diaspora/test-support';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { fullEvent } from '../testing/fullEvent';
import { renderInConsole } from '../testing/renderInConsole';
import { EventsTab } from './events/EventsTab';
import { NewsTab } from './news/NewsTab';

// The list carries summaries; the editor reads the whole event from GET /events/:id.
const event = (n: number) => eventSummary(fullEvent(n));

/** GET /api/events/:id for the events served by `serve`; returns the ids asked for. */
function serveEventDetails() {
  const asked: string[] = [];
  answer.get('/api/events/:id', ({ params }) => {
    const id = String(params.id);
    asked.push(id);
    return json(fullEvent(Number(id.slice(1))));
  });
  // The editor's zone choice (a static path, answered before the id pattern).
  answer.get('/api/events/time-zones', () =>
    json({ zones: ['America/New_York'], suggested: null, required: true }),
  );
  return asked;
}

const fullArticle = (n: number) =>
  newArticle({
    _id: `a${n}`,
    title: `Article ${n}`,
    content: `Text of article ${n}`,
    category: 'community',
    author: { _id: 'admin', name: 'Admin' },
  });
const article = (n: number) => articleSummary(fullArticle(n));

/** 60 items served 50 a page, as the API pages them; returns the query of each list request. */
function serve(path: string, key: 'events' | 'news', item: (n: number) => unknown) {
  const requested: string[] = [];
  answer.get(path, ({ request }) => {
    const url = new URL(request.url);
    requested.push(url.search);
    const page = Number(url.searchParams.get('page') ?? 1);
    const limit = Number(url.searchParams.get('limit'));
    const all = Array.from({ length: 60 }, (_, i) => item(i + 1));
    return json({
      [key]: all.slice((page - 1) * limit, page * limit),
      total: all.length,
      page,
      totalPages: Math.ceil(all.length / limit),
    });
  });
  return requested;
}

afterEach(() => vi.restoreAllMocks());

describe('dashboard list pagination', () => {
  it('pages the Events tab 50 at a time so older events can be edited', async () => {
    const requested = serve('/api/events', 'events', event);
    const details = serveEventDetails();
    renderInConsole(<EventsTab />);
    expect(await screen.findByText('Event 50')).toBeInTheDocument();
    expect(screen.queryByText('Event 51')).not.toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Pagination' });
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Event 60' }));
    expect(await screen.findByRole('form', { name: 'Edit Event' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Event 60');
    // The long text is not in the list's summary: the editor loaded the whole event.
    expect(screen.getByLabelText(/^Description/)).toHaveValue('About event 60');
    expect(requested).toEqual(['?limit=50&page=1', '?limit=50&page=2']);
    expect(details).toEqual(['e60']);
  });

  it('brings the form below the list into view and focuses its title on Edit', async () => {
    serve('/api/events', 'events', event);
    serveEventDetails();
    const scrollIntoView = vi.fn();
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = scrollIntoView;
    onTestFinished(() => {
      Element.prototype.scrollIntoView = original;
    });
    renderInConsole(<EventsTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Event 3' }));
    const form = await screen.findByRole('form', { name: 'Edit Event' });
    expect(scrollIntoView.mock.contexts[0]).toBe(form);
    expect(screen.getByLabelText(/^Title/)).toHaveFocus();
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Event 3');
  });

  it('pages the News tab 50 at a time so older articles can be edited', async () => {
    const requested = serve('/api/news', 'news', article);
    const opened: string[] = [];
    answer.get('/api/news/:id', ({ params }) => {
      opened.push(String(params.id));
      return json(fullArticle(Number(String(params.id).slice(1))));
    });
    renderInConsole(<NewsTab />);
    expect(await screen.findByText('Article 50')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Pagination' });
    await userEvent.click(within(pages).getByRole('button', { name: 'Page 2' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Article 60' }));
    expect(await screen.findByLabelText(/^Title/)).toHaveValue('Article 60');
    // The list carries no content: the editor loaded the whole article.
    expect(screen.getByLabelText(/^Content/)).toHaveValue('Text of article 60');
    // The editor opens above the list: focus moves to it once it is drawn.
    await waitFor(() => expect(screen.getByLabelText(/^Title/)).toHaveFocus());
    expect(requested).toEqual(['?limit=50&page=1', '?limit=50&page=2']);
    expect(opened).toEqual(['a60']);
  });
});
