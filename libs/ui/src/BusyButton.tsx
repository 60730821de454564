import type { ComponentProps } from 'react';

type BusyButtonProps = Omit<ComponentProps<'button'>, 'type' | 'aria-disabled'> & {
  type: 'button' | 'submit';
  /** The button's own call runs: it is aria-disabled and a press does nothing. */
  busy: boolean;
};

/**
 * The one button whose call may be running (Save, Delete, Send, Load more). While `busy` it is
 * aria-disabled and a press does nothing: a submit button submits nothing, Enter's implicit
 * submission from a field included. It is not `disabled`, which would drop the keyboard's focus
 * to the page's start (out of a dialog). `disabled` stays for a button that is unavailable for
 * another reason (a guest's Like, nothing typed yet); other props go to the <button>.
 */
export function BusyButton({ busy, onClick, ...button }: BusyButtonProps) {
  return (
    <button
      {...button}
      // A `disabled` button says so itself: an aria-disabled beside it (false) contradicts it.
      aria-disabled={button.disabled ? undefined : busy}
      // A cancelled click is no submit: the button's and the form's implicit (Enter) one alike.
      onClick={busy ? (event) => event.preventDefault() : onClick}
    />
  );
}
