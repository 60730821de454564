import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { BusyButton } from './BusyButton';
import { followFocusFixup } from '@diaspora/test-support';

/** A form whose Save runs until `release` is called; `saves` counts the submits. */
function renderForm() {
  let release = () => {};
  const saves = vi.fn();
  function Form() {
    const [busy, setBusy] = useState(false);
    const submit = (event: FormEvent) => {
      event.preventDefault();
      saves();
      setBusy(true);
      release = () => setBusy(false);
    };
    return (
      <form onSubmit={submit}>
        <input aria-label="Name" />
        <BusyButton type="submit" className="btn" busy={busy}>
          Save
        </BusyButton>
      </form>
    );
  }
  render(<Form />);
  return { saves, release: () => release() };
}

describe('BusyButton', () => {
  it('submits nothing more while busy, from the button or Enter in a field, and keeps the focus', async () => {
    followFocusFixup();
    const user = userEvent.setup();
    const { saves, release } = renderForm();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toHaveAttribute('aria-disabled', 'false');

    await user.click(save);
    await waitFor(() => expect(save).toHaveAttribute('aria-disabled', 'true'));
    // aria-disabled, not disabled: the keyboard keeps its place.
    expect(save).toBeEnabled();
    expect(save).toHaveFocus();
    await user.click(save);
    await user.keyboard('{Enter}');
    await user.type(screen.getByLabelText('Name'), 'x{Enter}');
    expect(saves).toHaveBeenCalledTimes(1);

    release();
    await waitFor(() => expect(save).toHaveAttribute('aria-disabled', 'false'));
    await user.click(save);
    expect(saves).toHaveBeenCalledTimes(2);
  });

  it("ignores a plain button's presses while busy and passes its other props on", async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const ref = { current: null as HTMLButtonElement | null };
    const { rerender } = render(
      <BusyButton
        ref={ref}
        type="button"
        className="btn"
        aria-label="Export"
        busy
        onClick={onClick}
      >
        Export my data
      </BusyButton>,
    );
    const button = screen.getByRole('button', { name: 'Export' });
    expect(ref.current).toBe(button);
    expect(button).toHaveClass('btn');
    expect(button).toHaveAttribute('type', 'button');
    await user.click(button);
    button.focus();
    await user.keyboard('{Enter}[Space]');
    expect(onClick).not.toHaveBeenCalled();

    rerender(
      <BusyButton type="button" aria-label="Export" busy={false} onClick={onClick}>
        Export my data
      </BusyButton>,
    );
    await user.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('stays disabled for another reason, whether busy or not, without a contradicting aria-disabled', () => {
    const { rerender } = render(
      <BusyButton type="button" disabled busy={false}>
        Like
      </BusyButton>,
    );
    const like = screen.getByRole('button', { name: 'Like' });
    expect(like).toBeDisabled();
    expect(like).not.toHaveAttribute('aria-disabled');
    rerender(
      <BusyButton type="button" disabled busy>
        Like
      </BusyButton>,
    );
    expect(like).toBeDisabled();
    expect(like).not.toHaveAttribute('aria-disabled');
  });
});
