import {
  answer,
  apiError,
  json,
  newComment,
  newUser,
  pageOf,
  recordRequests,
  signIn as storeSession,
  type Comment,
  type Overrides,
} from '@diaspora/test-support';
import { AppProviders } from '@diaspora/ui';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CommentThread } from './CommentThread';

vi.hoisted(() => {
  // Absolute request URLs for the API client under jsdom.
  window.__APP_CONFIG__ = { apiOrigin: 'http://localhost' };
});

const member = newUser({ _id: 'u-member', name: 'Selam Tesfaye', email: 'selam@example.com' });

const comment = (id: string, overrides: Overrides<Comment> = {}) =>
  newComment({
    _id: id,
    content: `Comment ${id}`,
    contentId: 'article',
    author: { _id: 'u-other', name: 'Dawit Bekele' },
    replyCount: 2,
    createdAt: '2026-01-02T10:00:00.000Z',
    updatedAt: '2026-01-02T10:00:00.000Z',
    ...overrides,
  });

/** The thread of one article, and the signed-in member's /auth/me. */
function serveThread(contentId: string, comments: Comment[]) {
  answer.get('/api/auth/me', () => json(member));
  answer.get(`/api/comments/news/${contentId}`, () => json(pageOf('comments', comments)));
}

/** This stand-in's cursor: the id of the last item shown (the API's is opaque). */
const cursorAfter = (id: string) => `after-${id}`;

/**
 * A list as the API answers it, by page number or by cursor (the items after the one named),
 * with the next cursor when more follow.
 */
function listed<T extends { _id: string }>(key: string, all: T[], request: Request) {
  const query = new URL(request.url).searchParams;
  const limit = Number(query.get('limit') ?? 20);
  const page = Number(query.get('page') ?? 1);
  const cursor = query.get('cursor');
  const start = cursor
    ? all.findIndex((item) => cursorAfter(item._id) === cursor) + 1
    : (page - 1) * limit;
  const items = all.slice(start, start + limit);
  const more = start + limit < all.length;
  return {
    ...pageOf(key, items, { total: all.length, page, totalPages: Math.ceil(all.length / limit) }),
    nextCursor: more ? cursorAfter(items[items.length - 1]._id) : null,
  };
}

const renderThread = (contentId: string) =>
  render(
    <MemoryRouter>
      <AppProviders>
        <CommentThread contentType="news" contentId={contentId} />
      </AppProviders>
    </MemoryRouter>,
  );

const signIn = () => storeSession(member);

afterEach(() => vi.restoreAllMocks());

describe('CommentThread', () => {
  it('keeps the keyboard in the thread when a member deletes their comment', async () => {
    signIn();
    const comments = [comment('mine', { author: { _id: member._id, name: member.name } })];
    serveThread('delete-article', comments);
    answer.delete('/api/comments/mine', () => {
      comments.pop();
      return json({ msg: 'Comment deleted' });
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderThread('delete-article');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Comment mine')).not.toBeInTheDocument());
    // Not the page's start: the thread, named Comments, whose count now reads 0.
    expect(screen.getByRole('region', { name: 'Comments' })).toHaveFocus();
  });

  it('says beside the comment when its deletion fails, which was silent', async () => {
    signIn();
    serveThread('undeletable', [
      comment('mine', { author: { _id: member._id, name: member.name } }),
    ]);
    answer.delete('/api/comments/mine', () => apiError(503, 'SERVICE_UNAVAILABLE', 'Down'));
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderThread('undeletable');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const item = screen.getByText('Comment mine').closest('article') as HTMLElement;
    // The refusal's own reason (errors.json, codes.SERVICE_UNAVAILABLE), beside the comment.
    expect(await within(item).findByRole('alert')).toHaveTextContent(
      'Service temporarily unavailable. Please try again later.',
    );
  });

  it('shows guests a login prompt instead of the form, with reactions disabled', async () => {
    serveThread('guest-article', [comment('c1')]);
    renderThread('guest-article');
    expect(await screen.findByText('Comment c1')).toBeInTheDocument();
    expect(screen.getByText('Please log in to join the discussion.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Like, 0' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Dislike, 0' })).toBeDisabled();
  });

  it('counts comment characters against 5000 and posts for members', async () => {
    signIn();
    serveThread('post-article', []);
    const posted: unknown[] = [];
    answer.post('/api/comments', async ({ request }) => {
      posted.push(await request.json());
      return json(comment('new', { content: 'Hello' }), 201);
    });
    renderThread('post-article');
    const box = await screen.findByRole('textbox', { name: 'Your comment' });
    expect(box).toHaveAttribute('maxlength', '5000');
    await userEvent.type(box, 'Hello');
    expect(screen.getByText('5/5000')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Post Comment' }));
    await waitFor(() =>
      expect(posted).toEqual([
        { content: 'Hello', contentType: 'news', contentId: 'post-article' },
      ]),
    );
    // Emptied, with the keyboard back in it (Post, now disabled, would have dropped the focus).
    await waitFor(() => expect(box).toHaveValue(''));
    expect(box).toHaveFocus();
  });

  it('sends a reply and gives focus back to its Reply button', async () => {
    signIn();
    serveThread('sent-reply-article', [comment('c3', { replyCount: 0 })]);
    answer.post('/api/comments', () =>
      json(comment('r3', { parentComment: 'c3', content: 'Thanks' }), 201),
    );
    answer.get('/api/comments/replies/c3', () =>
      json(pageOf('replies', [comment('r3', { parentComment: 'c3', content: 'Thanks' })])),
    );
    renderThread('sent-reply-article');
    await userEvent.click(await screen.findByRole('button', { name: 'Reply' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Your reply' }), 'Thanks');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reply' }));
    expect(await screen.findByText('Thanks')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Your reply' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Reply' })[0]).toHaveFocus();
  });

  it('turns the reply counter red past 100 characters and alerts instead of sending', async () => {
    signIn();
    serveThread('reply-article', [comment('c2')]);
    const sent = recordRequests();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderThread('reply-article');
    await userEvent.click(await screen.findByRole('button', { name: 'Reply' }));
    const box = screen.getByRole('textbox', { name: 'Your reply' });
    expect(box).toHaveFocus();
    await userEvent.paste('r'.repeat(101));
    const counter = screen.getByText('101/100');
    expect(counter).toHaveClass('comment-form__counter--over');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reply' }));
    expect(alert).toHaveBeenCalledWith('Reply must be 100 characters or less');
    expect(sent.filter((line) => !line.startsWith('GET '))).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Reply' })).toHaveFocus();
  });

  it('loads replies on View Replies, collapses them, and says No replies yet on failure', async () => {
    serveThread('replies-article', [comment('ok'), comment('broken')]);
    answer.get('/api/comments/replies/ok', () =>
      json(pageOf('replies', [comment('r1', { parentComment: 'ok', content: 'First reply' })])),
    );
    answer.get('/api/comments/replies/broken', () => apiError(500, 'INTERNAL_ERROR', 'boom'));
    const sent = recordRequests();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderThread('replies-article');
    const [ok, broken] = await screen.findAllByTestId('comment');
    expect(sent.filter((line) => line.includes('/replies/'))).toEqual([]);
    await userEvent.click(within(ok).getByRole('button', { name: 'View Replies (2)' }));
    expect(await within(ok).findByText('First reply')).toBeInTheDocument();
    await userEvent.click(within(ok).getByRole('button', { name: 'Hide Replies' }));
    expect(within(ok).queryByText('First reply')).not.toBeInTheDocument();
    await userEvent.click(within(broken).getByRole('button', { name: 'View Replies (2)' }));
    expect(await within(broken).findByText('No replies yet')).toBeInTheDocument();
  });

  it('offers View Replies only once a comment has replies', async () => {
    serveThread('quiet-article', [comment('quiet', { replyCount: 0 }), comment('busy')]);
    renderThread('quiet-article');
    const [quiet, busy] = await screen.findAllByTestId('comment');
    expect(within(quiet).queryByRole('button', { name: /View Replies/ })).not.toBeInTheDocument();
    expect(within(busy).getByRole('button', { name: 'View Replies (2)' })).toBeInTheDocument();
  });

  it('loads further pages of replies by cursor, so a reply deleted meanwhile skips none', async () => {
    const reply = (n: number) => comment(`p${n}`, { parentComment: 'many', content: `Reply ${n}` });
    const all = Array.from({ length: 51 }, (_, i) => reply(i + 1));
    serveThread('paged-article', [comment('many', { replyCount: 51 })]);
    answer.get('/api/comments/replies/many', ({ request }) =>
      json(listed('replies', all, request)),
    );
    const sent = recordRequests();
    renderThread('paged-article');
    const [parent] = await screen.findAllByTestId('comment');
    await userEvent.click(within(parent).getByRole('button', { name: 'View Replies (51)' }));
    expect(await within(parent).findByText('Reply 50')).toBeInTheDocument();
    expect(within(parent).queryByText('Reply 51')).not.toBeInTheDocument();
    // The first reply goes: by page number, page 2 would now start past Reply 51.
    all.shift();
    await userEvent.click(within(parent).getByRole('button', { name: 'Show more replies' }));
    expect(await within(parent).findByText('Reply 51')).toBeInTheDocument();
    expect(within(parent).getByText('Reply 1')).toBeInTheDocument();
    expect(
      within(parent).queryByRole('button', { name: 'Show more replies' }),
    ).not.toBeInTheDocument();
    expect(sent.filter((line) => line.includes('/replies/'))).toEqual([
      'GET /api/comments/replies/many?limit=50',
      `GET /api/comments/replies/many?limit=50&cursor=${cursorAfter('p50')}`,
    ]);
  });

  it('shows more comments by the cursor of the last one, so one posted meanwhile shows once', async () => {
    const all = Array.from({ length: 12 }, (_, i) => comment(`c${12 - i}`, { replyCount: 0 }));
    answer.get('/api/comments/news/more-article', ({ request }) =>
      json(listed('comments', all, request)),
    );
    const sent = recordRequests();
    renderThread('more-article');
    expect(await screen.findByText('Comment c3')).toBeInTheDocument();
    expect(screen.queryByText('Comment c2')).not.toBeInTheDocument();
    // A new comment arrives on top: by page number, page 2 would show c3 again.
    all.unshift(comment('c13', { replyCount: 0 }));
    await userEvent.click(screen.getByRole('button', { name: 'Show more comments' }));
    expect(await screen.findByText('Comment c1')).toBeInTheDocument();
    expect(screen.getAllByTestId('comment')).toHaveLength(12);
    expect(screen.getAllByText('Comment c3')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Show more comments' })).not.toBeInTheDocument();
    expect(sent.filter((line) => line.startsWith('GET /api/comments/'))).toEqual([
      'GET /api/comments/news/more-article?limit=10',
      `GET /api/comments/news/more-article?limit=10&cursor=${cursorAfter('c3')}`,
    ]);
  });

  it('shows a comment once even if two pages both hold it', async () => {
    const first = Array.from({ length: 10 }, (_, i) => comment(`c${12 - i}`, { replyCount: 0 }));
    answer.get('/api/comments/news/overlap-article', ({ request }) =>
      new URL(request.url).searchParams.get('cursor')
        ? json(pageOf('comments', [comment('c3'), comment('c2'), comment('c1')]))
        : json(pageOf('comments', first, { total: 12, nextCursor: 'after-c3' })),
    );
    renderThread('overlap-article');
    await userEvent.click(await screen.findByRole('button', { name: 'Show more comments' }));
    expect(await screen.findByText('Comment c1')).toBeInTheDocument();
    expect(screen.getAllByText('Comment c3')).toHaveLength(1);
    expect(screen.getAllByTestId('comment')).toHaveLength(12);
  });

  it("shows a deleted account's comment as by a deleted member, without a delete button", async () => {
    signIn();
    serveThread('deleted-article', [
      comment('gone', { author: null, authorDeleted: true, replyCount: 0 }),
    ]);
    renderThread('deleted-article');
    const item = (await screen.findByText('Comment gone')).closest('article') as HTMLElement;
    expect(within(item).getByText('Deleted member')).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: /delete/i })).not.toBeInTheDocument();
  });
});
