import type { UserReaction } from '@diaspora/api-client';
import { AppProviders } from '@diaspora/ui';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReactionBar } from './ReactionBar';

vi.hoisted(() => {
  // Absolute request URLs for the API client under jsdom.
  window.__APP_CONFIG__ = { apiOrigin: 'http://localhost' };
});

const member = {
  _id: 'u-member',
  name: 'Selam Tesfaye',
  email: 'selam@example.com',
  role: 'member',
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function serve(answer: unknown) {
  const posted: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    const url = new URL(request.url);
    if (url.pathname === '/api/auth/me') return json(member);
    if (request.method === 'POST') {
      posted.push(url.pathname);
      return json(answer);
    }
    return json({ statusCode: 404, msg: 'Not found' }, 404);
  });
  return posted;
}

const renderBar = (likes: number, dislikes: number, myReaction: UserReaction | null) =>
  render(
    <MemoryRouter>
      <AppProviders>
        <ReactionBar
          contentType="events"
          contentId="e1"
          likes={likes}
          dislikes={dislikes}
          myReaction={myReaction}
          views={7}
        />
      </AppProviders>
    </MemoryRouter>,
  );

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('ReactionBar', () => {
  it('shows guests the counts with the buttons disabled', () => {
    serve({});
    renderBar(3, 1, null);
    expect(screen.getByRole('button', { name: 'Like (3)' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Dislike (1)' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Like (3)' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it("marks the member's own reaction from myReaction and shows the server's answer to a click", async () => {
    localStorage.setItem('token', 'member-token');
    localStorage.setItem('user', JSON.stringify(member));
    const posted = serve({ likes: 2, dislikes: 2, userReaction: 'dislike' });
    renderBar(3, 1, 'like');
    const like = screen.getByRole('button', { name: 'Like (3)' });
    expect(like).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Dislike (1)' }));
    expect(await screen.findByRole('button', { name: 'Dislike (2)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Like (2)' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(posted).toEqual(['/api/reactions/events/e1/dislike']);
  });
});
