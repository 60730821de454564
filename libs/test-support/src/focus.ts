import { onTestFinished } from 'vitest';

/**
 * For tests: browsers move the focus to the body when the focused control becomes disabled (the
 * focus fixup rule), which is how a busy `disabled` button threw the keyboard out of a dialog;
 * jsdom leaves the focus where it was. This does what a browser does, until the test ends (jsdom
 * neither blurs a disabled control nor focuses a body without a tabindex).
 */
export function followFocusFixup(): void {
  const observer = new MutationObserver(() => {
    if (!document.activeElement?.matches(':disabled')) return;
    document.body.tabIndex = -1;
    document.body.focus();
    document.body.removeAttribute('tabindex');
  });
  observer.observe(document.body, { subtree: true, attributeFilter: ['disabled'] });
  onTestFinished(() => observer.disconnect());
}
