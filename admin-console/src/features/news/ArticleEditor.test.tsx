import { AppProviders } from '@diaspora/ui';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ArticleEditor } from './ArticleEditor';

vi.hoisted(() => {
  // Absolute request URLs for the API client under jsdom.
  window.__APP_CONFIG__ = { apiOrigin: 'http://localhost' };
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const article = {
  _id: 'a1',
  title: 'Scholarships',
  content: 'Tips',
  excerpt: null,
  image: null,
  category: 'youth',
  featured: false,
  published: true,
  author: { _id: 'admin', name: 'Admin' },
  publishedAt: '2026-01-01T00:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  likes: 0,
  dislikes: 0,
  myReaction: null,
  views: 0,
};

function serve(handler: (request: Request, path: string) => Response) {
  const calls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    const path = new URL(request.url).pathname;
    calls.push(`${request.method} ${path}`);
    return handler(request, path);
  });
  return calls;
}

const renderEditor = (onDone = vi.fn()) => {
  render(
    <AppProviders>
      <ArticleEditor onDone={onDone} />
    </AppProviders>,
  );
  return onDone;
};

afterEach(() => vi.restoreAllMocks());

describe('ArticleEditor', () => {
  it('requires title and content before sending anything', async () => {
    const calls = serve(() => json({}));
    renderEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Save Article' }));
    expect(screen.getByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Content is required')).toBeInTheDocument();
    expect(calls.filter((call) => call.includes('/api/news'))).toEqual([]);
  });

  it('posts the article as JSON with category community and published by default', async () => {
    let body: unknown;
    serve((request, path) => {
      if (request.method === 'POST' && path === '/api/news') {
        void request.json().then((sent) => (body = sent));
        return json(article, 201);
      }
      return json({ statusCode: 404, msg: 'Not found' }, 404);
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
    const calls = serve((request, path) => {
      if (request.method === 'POST' && path === '/api/news') return json(article, 201);
      if (request.method === 'PUT' && path === '/api/news/a1') return json(article);
      if (request.method === 'PUT' && path === '/api/news/a1/image') {
        uploads++;
        return uploads === 1
          ? json({ statusCode: 400, msg: 'cover.png is not an image' }, 400)
          : json({ ...article, image: '/api/files/news/a1/x.webp' });
      }
      return json({ statusCode: 404, msg: 'Not found' }, 404);
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
    expect(calls.filter((call) => call.includes('/api/news'))).toEqual([
      'POST /api/news',
      'PUT /api/news/a1/image',
      'PUT /api/news/a1',
      'PUT /api/news/a1/image',
    ]);
  });
});
