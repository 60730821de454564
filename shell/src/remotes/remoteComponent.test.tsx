import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { remoteComponent } from './remoteComponent';

// The shell renders its remotes inside its router (AppRoutes).
function inRouter(children: ReactNode) {
  return <MemoryRouter>{children}</MemoryRouter>;
}

describe('remoteComponent', () => {
  it('shows a message and loads again on retry when a remote fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('remoteEntry.js 404'))
      .mockResolvedValue({ default: () => <p>Remote loaded</p> });
    const Remote = remoteComponent(load);
    render(inRouter(<Remote />));
    expect(
      await screen.findByText('This part of the site could not be loaded'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Remote loaded')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('renders a preloaded remote at once, without the spinner, and loads it only once', async () => {
    const load = vi.fn().mockResolvedValue({ default: () => <p>Portal page</p> });
    const Remote = remoteComponent(load);
    await Remote.preload();
    render(inRouter(<Remote />));
    // Synchronously there: nothing suspended, so no loading status was ever shown.
    expect(screen.getByText('Portal page')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('gives up on a remote that has not arrived in 120 s, and loads it again on retry', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.useFakeTimers();
    const load = vi
      .fn()
      .mockReturnValueOnce(new Promise(() => undefined))
      .mockResolvedValue({ default: () => <p>Remote loaded</p> });
    const Remote = remoteComponent(load);
    render(inRouter(<Remote />));
    await act(() => vi.advanceTimersByTimeAsync(119_000));
    expect(screen.getByRole('status')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByText('This part of the site could not be loaded')).toBeInTheDocument();
    vi.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Remote loaded')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('tries again when the member follows a link to another page after a failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // A remote whose news page fails to render (a bug, or a part that did not load).
    function News(): ReactNode {
      throw new Error('news page failed');
    }
    const load = vi.fn().mockResolvedValue({
      default: () => (
        <Routes>
          <Route path="/" element={<Link to="/news">News</Link>} />
          <Route path="/news" element={<News />} />
          <Route path="/events" element={<p>Events page</p>} />
        </Routes>
      ),
    });
    const Remote = remoteComponent(load);
    render(
      <MemoryRouter initialEntries={['/news']}>
        <nav>
          <Link to="/events">Events</Link>
        </nav>
        <Remote />
      </MemoryRouter>,
    );
    expect(
      await screen.findByText('This part of the site could not be loaded'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Events' }));
    expect(await screen.findByText('Events page')).toBeInTheDocument();
    expect(screen.queryByText('This part of the site could not be loaded')).not.toBeInTheDocument();
  });
});
