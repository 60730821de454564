import { describe, expect, it } from 'vitest';
import { FIRST_VIEW_OUTLET, firstViewPaths, renderFirstView } from './renderFirstView';

/** A page's first view as the portal gives it: a form in the outlet. */
const PAGE = '<form><label>Search <input name="q" /></label><button>Apply filters</button></form>';

describe("the shell's first view (the frame the server puts around a page)", () => {
  it.each(firstViewPaths)(
    '%s: <main> is in no fieldset, and every control waits disabled for React',
    (pattern) => {
      const root = document.createElement('div');
      root.className = 'first-view';
      root.innerHTML = renderFirstView(pattern).replace(FIRST_VIEW_OUTLET, PAGE);
      const main = root.querySelector('main');
      expect(main).not.toBeNull();
      // A <main> may not have a fieldset ancestor (HTML's "hierarchically correct main element").
      expect(main?.closest('fieldset')).toBeNull();
      const controls = [...root.querySelectorAll('button, select, input, textarea')];
      // The menu button, the language picker and the page's own form.
      expect(controls.length).toBeGreaterThanOrEqual(4);
      const enabled = controls.filter((control) => !control.matches(':disabled'));
      expect(enabled.map((control) => control.outerHTML)).toEqual([]);
    },
  );
});
