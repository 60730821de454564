import { AppProviders } from '@diaspora/ui';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import App, { pageFor } from '../App';

/** Public pages whose first view (headings, hero, loading placeholders) ships in the HTML. */
export const firstViewPaths = [
  '/',
  '/about',
  '/events',
  '/events/:id',
  '/news',
  '/news/:id',
  '/tutorials',
  '/join',
  '/contact',
  '/login',
  '/register',
  '/privacy',
  '/terms',
];

// An item page is drawn as while its item loads, which is the same for every id.
const locationOf = (pattern: string) =>
  pattern.replace(/:id$/, '00000000-0000-4000-8000-000000000000');

/** The export name of the page a pattern shows: its chunk is preloaded with the first view. */
export function pageExport(pattern: string): string | undefined {
  return pageFor(locationOf(pattern))?.pageName;
}

/** A page as a guest first sees it (data still loading), for the server to send with the shell. */
export async function renderFirstView(pattern: string): Promise<string> {
  const location = locationOf(pattern);
  // Pages load on demand; loaded first, the page renders instead of its loading state.
  await pageFor(location)?.preload();
  return renderToString(
    <StaticRouter location={location}>
      <AppProviders>
        <App />
      </AppProviders>
    </StaticRouter>,
  );
}
