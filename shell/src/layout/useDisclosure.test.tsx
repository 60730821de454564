import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useDisclosure } from './useDisclosure';

function Disclosure() {
  const { open, panelId, containerProps, buttonProps } = useDisclosure();
  return (
    <>
      <div {...containerProps}>
        <button {...buttonProps}>Account</button>
        {open && (
          <div id={panelId}>
            <a href="#profile">Profile</a>
          </div>
        )}
      </div>
      <button type="button">Elsewhere</button>
    </>
  );
}

describe('useDisclosure', () => {
  it('opens from its button and names its panel while open', async () => {
    render(<Disclosure />);
    const account = screen.getByRole('button', { name: 'Account' });
    expect(account).toHaveAttribute('aria-expanded', 'false');
    expect(account).not.toHaveAttribute('aria-controls');
    await userEvent.click(account);
    expect(account).toHaveAttribute('aria-expanded', 'true');
    expect(account.getAttribute('aria-controls')).toBe(
      screen.getByRole('link', { name: 'Profile' }).parentElement?.id,
    );
  });

  it('closes on Escape and gives focus back to its button', async () => {
    render(<Disclosure />);
    await userEvent.click(screen.getByRole('button', { name: 'Account' }));
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: 'Profile' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Account' })).toHaveFocus();
  });

  it('closes on a click outside and on Tab out of it, not on a click inside', async () => {
    render(<Disclosure />);
    const account = screen.getByRole('button', { name: 'Account' });
    await userEvent.click(account);
    await userEvent.click(screen.getByRole('link', { name: 'Profile' }));
    expect(account).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(account).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(account);
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
    expect(account).toHaveAttribute('aria-expanded', 'false');
  });
});
