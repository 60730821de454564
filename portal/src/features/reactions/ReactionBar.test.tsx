import type { UserReaction } from '@diaspora/api-client';
import { answer, json, newUser, recordRequests, signIn } from '@diaspora/test-support';
import { AppProviders } from '@diaspora/ui';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ReactionBar } from './ReactionBar';

vi.hoisted(() => {
  // Absolute request URLs for the API client under jsdom.
  window.__APP_CONFIG__ = { apiOrigin: 'http://localhost' };
});

const member = newUser({ _id: 'u-member', name: 'Selam Tesfaye', email: 'selam@example.com' });

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

describe('ReactionBar', () => {
  it('shows guests the counts with the buttons disabled', () => {
    const sent = recordRequests();
    renderBar(3, 1, null);
    expect(screen.getByRole('button', { name: 'Like, 3' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Dislike, 1' })).toBeDisabled();
    // `disabled` alone: no aria-disabled="false" beside it.
    for (const button of screen.getAllByRole('button')) {
      expect(button).not.toHaveAttribute('aria-disabled');
    }
    expect(screen.getByRole('button', { name: 'Like, 3' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(sent).toEqual([]);
  });

  it("marks the member's own reaction from myReaction and shows the server's answer to a click", async () => {
    signIn(member);
    answer.get('/api/auth/me', () => json(member));
    const posted: string[] = [];
    answer.post('/api/reactions/:type/:id/:reaction', ({ request }) => {
      posted.push(new URL(request.url).pathname);
      return json({ likes: 2, dislikes: 2, userReaction: 'dislike' });
    });
    renderBar(3, 1, 'like');
    const like = screen.getByRole('button', { name: 'Like, 3' });
    expect(like).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Dislike, 1' }));
    expect(await screen.findByRole('button', { name: 'Dislike, 2' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Like, 2' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(posted).toEqual(['/api/reactions/events/e1/dislike']);
  });
});
