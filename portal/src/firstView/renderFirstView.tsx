import { AppProviders } from '@diaspora/ui';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import App from '../App';

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

/** A page as a guest first sees it (data still loading), for the server to send with the shell. */
export function renderFirstView(pattern: string): string {
  // An item page is drawn as while its item loads, which is the same for every id.
  const location = pattern.replace(/:id$/, '00000000-0000-4000-8000-000000000000');
  return renderToString(
    <StaticRouter location={location}>
      <AppProviders>
        <App />
      </AppProviders>
    </StaticRouter>,
  );
}
