import { answer, apiError, json, newArticle, recordRequests } from '@diaspora/test-support';
import { AppProviders } from '@diaspora/ui';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ArticleEditor } from './ArticleEditor';

const article = newArticle({
  _id: 'a1',
  title: 'Scholarships',
  content: 'Tips',
  category: 'youth',
  author: { _id: 'admin', name: 'Admin' },
});

/** `METHOD /path` of each request to the news API, in the order sent. */
const newsCalls = (calls: string[]) =>
  calls
    .map((call) => call.split(' ').slice(0, 2).join(' '))
    .filter((call) => call.includes('/api/news'));

/** Renders the create form; answers the spy its save calls (`close.saved`). */
const renderEditor = (onSaved = vi.fn()) => {
  render(
    <AppProviders>
      <ArticleEditor close={{ saved: onSaved, cancelled: vi.fn() }} />
    </AppProviders>,
  );
  return onSaved;
};

afterEach(() => vi.restoreAllMocks());

describe('ArticleEditor', () => {
  it('requires title and content before sending anything, focusing the first', async () => {
    const calls = recordRequests();
    renderEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Save Article' }));
    const title = screen.getByLabelText(/^Title/);
    expect(title).toHaveFocus();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription('Title is required');
    expect(screen.getByLabelText(/^Content/)).toHaveAccessibleDescription('Content is required');
    expect(newsCalls(calls)).toEqual([]);

    await userEvent.type(title, 'Scholarships');
    await userEvent.click(screen.getByRole('button', { name: 'Save Article' }));
    expect(screen.getByLabelText(/^Content/)).toHaveFocus();
    expect(title).toHaveAttribute('aria-invalid', 'false');
    expect(newsCalls(calls)).toEqual([]);
  });

  it('posts the article as JSON with category community and published by default', async () => {
    let body: unknown;
    answer.post('/api/news', async ({ request }) => {
      body = await request.json();
      return json(article, 201);
    });
    const onDone = renderEditor();
    await userEvent.type(screen.getByLabelText(/^Title/), 'Scholarships');
    await userEvent.type(screen.getByLabelText(/^Content/), 'Tips');
    await userEvent.click(screen.getByRole('button', { name: 'Save Article' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(body).toEqual({
      title: 'Scholarships',
      content: 'Tips',
      excerpt: '',
      category: 'community',
      image: '',
      featured: false,
      published: true,
    });
  });

  it('edits the saved article on retry when only the image upload failed', async () => {
    let uploads = 0;
    let retried: unknown;
    const calls = recordRequests();
    const created = { ...article, updatedAt: '2026-03-05T12:00:00.123Z' };
    answer.post('/api/news', () => json(created, 201));
    answer.put('/api/news/:id', async ({ request }) => {
      retried = await request.json();
      return json(article);
    });
    answer.put('/api/news/:id/image', () => {
      uploads++;
      return uploads === 1
        ? apiError(400, 'UNSUPPORTED_FILE_TYPE', 'cover.png is not an image')
        : json({ ...article, image: '/api/files/news/a1/x.webp' });
    });
    const onDone = renderEditor();
    await userEvent.type(screen.getByLabelText(/^Title/), 'Scholarships');
    await userEvent.type(screen.getByLabelText(/^Content/), 'Tips');
    const file = new File([new Uint8Array([1, 2, 3])], 'cover.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Or upload an image'), file);
    await userEvent.click(screen.getByRole('button', { name: 'Save Article' }));
    expect(
      await screen.findByText(
        'The article was saved, but the image could not be uploaded. cover.png is not an image',
      ),
    ).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Save Article' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(newsCalls(calls)).toEqual([
      'POST /api/news',
      'PUT /api/news/a1/image',
      'PUT /api/news/a1',
      'PUT /api/news/a1/image',
    ]);
    // The retry is an edit of the version this form saved, not a conflict with itself.
    expect(retried).toMatchObject({ updatedAt: '2026-03-05T12:00:00.123Z' });
  });

  it('sends the version it loaded, and on EDIT_CONFLICT says so and keeps what was typed', async () => {
    let body: unknown;
    answer.put('/api/news/:id', async ({ request }) => {
      body = await request.json();
      return apiError(409, 'EDIT_CONFLICT', 'changed by someone else');
    });
    const onDone = vi.fn();
    const loaded = { ...article, content: 'Tips', updatedAt: '2026-03-06T08:30:00.456Z' };
    render(
      <AppProviders>
        <ArticleEditor article={loaded} close={{ saved: onDone, cancelled: vi.fn() }} />
      </AppProviders>,
    );
    const title = screen.getByLabelText(/^Title/);
    await userEvent.clear(title);
    await userEvent.type(title, 'Scholarships 2027');
    await userEvent.click(screen.getByRole('button', { name: 'Update Article' }));
    expect(
      await screen.findByText(
        'This item was changed by someone else while you were editing. Reload it to see their changes, then save again.',
      ),
    ).toBeInTheDocument();
    expect(body).toMatchObject({ title: 'Scholarships 2027', updatedAt: loaded.updatedAt });
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Scholarships 2027');
    expect(onDone).not.toHaveBeenCalled();
  });
});
