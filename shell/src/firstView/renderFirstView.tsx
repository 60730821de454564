import { AppProviders } from '@diaspora/ui';
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import { Layout } from '../layout/Layout';
import { NAV_LINKS } from '../layout/navLinks';

/** Where the remote's page goes in the frame; the server puts the remote's first view there. */
export const FIRST_VIEW_OUTLET = '<!--first-view-outlet-->';
const OUTLET_TEXT = 'first-view-outlet-2c7e91';

/** One frame per top-bar section (its link is the current one), and one for any other path. */
export const firstViewPaths = [...NAV_LINKS.map((link) => link.to), '*'];

/** The shell's frame (top bar, main, footer) as a guest sees it, with an outlet for the page. */
export function renderFirstView(pattern: string): string {
  const location = pattern === '*' ? '/first-view' : pattern;
  const html = renderToString(
    <StaticRouter location={location}>
      <AppProviders>
        <Routes>
          <Route element={<Layout />}>
            <Route path="*" element={OUTLET_TEXT} />
          </Route>
        </Routes>
      </AppProviders>
    </StaticRouter>,
  );
  return disableControls(html.replace(OUTLET_TEXT, FIRST_VIEW_OUTLET));
}

/** The frame's landmarks, each holding controls (the menu button, the language picker, forms). */
const LANDMARKS = ['header', 'main', 'footer'];

/**
 * Controls stay disabled until React replaces the first view (input typed into it would be
 * lost): each landmark's content goes in a disabled fieldset, since a `<main>` may not be inside
 * one (the whole frame in a fieldset was invalid HTML on every page).
 */
export function disableControls(frame: string): string {
  return LANDMARKS.reduce(
    (html, tag) =>
      html.replace(
        new RegExp(`(<${tag}\\b[^>]*>)([\\s\\S]*?)(</${tag}>)`),
        (_match, open: string, content: string, close: string) =>
          `${open}<fieldset class="first-view" disabled>${content}</fieldset>${close}`,
      ),
    frame,
  );
}
