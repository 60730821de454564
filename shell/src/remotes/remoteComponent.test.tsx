import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { remoteComponent } from './remoteComponent';

describe('remoteComponent', () => {
  it('shows a message and loads again on retry when a remote fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('remoteEntry.js 404'))
      .mockResolvedValue({ default: () => <p>Remote loaded</p> });
    const Remote = remoteComponent(load);
    render(<Remote />);
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
    render(<Remote />);
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
    render(<Remote />);
    await act(() => vi.advanceTimersByTimeAsync(119_000));
    expect(screen.getByRole('status')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByText('This part of the site could not be loaded')).toBeInTheDocument();
    vi.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Remote loaded')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
