import {
  answer,
  apiError,
  articleSummary,
  json,
  newArticle,
  pageOf,
  type Article,
  type Overrides,
} from '@diaspora/test-support';
import { AppProviders } from '@diaspora/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { NewsDetailPage } from './NewsDetailPage';
import { NewsPage } from './NewsPage';

vi.hoisted(() => {
  // Absolute request URLs for the API client under jsdom.
  window.__APP_CONFIG__ = { apiOrigin: 'http://localhost' };
});

// As the list answers them: no content, the card's excerpt worked out by the server.
const article = (id: string, overrides: Overrides<Article> = {}) =>
  articleSummary(newArticle({ _id: id, title: `Article ${id}`, likes: 2, views: 7, ...overrides }));

const noComments = () => answer.get('/api/comments/news/:id', () => json(pageOf('comments', [])));

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders>
        {/* A fresh cache per test: the app's client would keep the last test's lists. */}
        <QueryClientProvider client={new QueryClient()}>
          <Routes>
            <Route path="/news" element={<NewsPage />} />
            <Route path="/news/:id" element={<NewsDetailPage />} />
          </Routes>
        </QueryClientProvider>
      </AppProviders>
    </MemoryRouter>,
  );

describe('NewsPage', () => {
  it('shows 6 skeletons, then cards, and the discussion of the first featured article', async () => {
    // The list answers only when the test says so, to see the loading state first.
    let answerList: () => void = () => undefined;
    const listAnswered = new Promise<void>((resolve) => (answerList = resolve));
    answer.get('/api/news', async () => {
      await listAnswered;
      return json(
        pageOf('news', [
          article('plain'),
          article('star', { featured: true, excerpt: 'Short one' }),
        ]),
      );
    });
    noComments();
    renderAt('/news');
    expect(screen.getByRole('heading', { name: 'News & Stories' })).toBeInTheDocument();
    expect(screen.getAllByTestId('news-skeleton')).toHaveLength(6);
    answerList();
    expect(await screen.findByText('Article plain')).toBeInTheDocument();
    expect(screen.getByText(`${'c'.repeat(150)}...`)).toBeInTheDocument();
    expect(screen.getByText('Short one')).toBeInTheDocument();
    expect(screen.getByText('Featured')).toBeInTheDocument();
    expect(screen.getAllByText('Admin')).toHaveLength(2);
    expect(screen.getAllByText('March 5, 2026')).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'Like, 2' })[0]).toBeDisabled();
    expect(screen.getAllByLabelText('Views, 7')).toHaveLength(2);
    // Named with its article, so a list of links is not all "Read More".
    expect(screen.getByRole('link', { name: 'Read More Article star' })).toHaveAttribute(
      'href',
      '/news/star',
    );
    expect(
      await screen.findByRole('heading', { name: /Community Discussion/ }),
    ).toBeInTheDocument();
  });

  it('sends the filters and offers Clear Filters on an empty result', async () => {
    const queries: URLSearchParams[] = [];
    answer.get('/api/news', ({ request }) => {
      const url = new URL(request.url);
      queries.push(url.searchParams);
      return json(pageOf('news', url.searchParams.get('category') ? [] : [article('x')]));
    });
    renderAt('/news');
    expect(await screen.findByText('Article x')).toBeInTheDocument();
    const category = screen.getByLabelText('Category');
    expect(
      Array.from((category as HTMLSelectElement).options).map((option) => option.text),
    ).toEqual(['All Categories', 'News', 'Events', 'Community', 'Culture', 'Announcements']);
    await userEvent.selectOptions(category, 'announcements');
    await userEvent.selectOptions(screen.getByLabelText('Articles'), 'featured');
    expect(await screen.findByText('No News Articles Found')).toBeInTheDocument();
    const last = queries.at(-1);
    expect(last?.get('category')).toBe('announcements');
    expect(last?.get('featured')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(await screen.findByText('Article x')).toBeInTheDocument();
    expect(category).toHaveValue('');
    expect(screen.getByLabelText('Articles')).toHaveValue('all');
  });
});

describe('NewsDetailPage', () => {
  it('shows the not-found state with a link back to the list', async () => {
    answer.get('/api/*', () => apiError(404, 'NEWS_NOT_FOUND', 'News article not found'));
    renderAt('/news/missing');
    expect(await screen.findByRole('heading', { name: 'Article Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to News' })).toHaveAttribute('href', '/news');
  });

  it('puts the Community Discussion right under the first featured article', async () => {
    answer.get('/api/news', () =>
      json(
        pageOf('news', [
          article('first'),
          article('star', { featured: true }),
          article('second-star', { featured: true }),
          article('last'),
        ]),
      ),
    );
    noComments();
    renderAt('/news');
    const heading = await screen.findByRole('heading', { name: /Community Discussion/ });
    const discussion = screen.getByTestId('news-discussion');
    expect(discussion).toContainElement(heading);
    expect(screen.getAllByTestId('news-discussion')).toHaveLength(1);
    const cards = screen.getAllByTestId('news-card');
    const star = cards.find((card) => card.textContent?.includes('Article star'));
    expect(discussion.previousElementSibling).toBe(star);
    expect(discussion.nextElementSibling).toHaveTextContent('Article second-star');
  });
});
