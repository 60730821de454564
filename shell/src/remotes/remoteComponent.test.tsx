import { render, screen } from '@testing-library/react';
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
});
