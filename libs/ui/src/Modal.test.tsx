import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './Modal';

describe('Modal', () => {
  it('focuses inside, traps Tab and closes on Escape', async () => {
    const onClose = vi.fn();
    render(
      <Modal open title="Edit" onClose={onClose}>
        <input aria-label="First" />
        <button type="button">Last</button>
      </Modal>,
    );
    expect(screen.getByRole('dialog', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByLabelText('First')).toHaveFocus();
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('brings focus back in when the focused control goes away', async () => {
    function Logo() {
      const [logo, setLogo] = useState(true);
      return logo ? (
        <button type="button" onClick={() => setLogo(false)}>
          Remove logo
        </button>
      ) : null;
    }
    render(
      <>
        <button type="button">Behind the dialog</button>
        <Modal open title="Add Your Business" onClose={() => undefined}>
          <input aria-label="Name" />
          <Logo />
        </Modal>
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove logo' }));
    expect(document.body).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByLabelText('Name')).toHaveFocus();
  });
});
