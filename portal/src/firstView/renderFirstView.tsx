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

/**
 * An API answer a page's first view draws as a guest: the server puts it in the HTML, so the
 * list does not wait for the scripts and then a round trip (libs/api-client firstData.ts).
 * `image` lists paths into the answer, the first present naming the picture that is the page's
 * largest element (its LCP), which the server tells the browser to fetch first.
 */
export interface FirstViewData {
  /** The GET exactly as the page's hook sends it (parameters in any order). */
  url: string;
  image?: string[];
}

const FIRST_VIEW_DATA: Record<string, FirstViewData[]> = {
  '/': [
    { url: '/api/stats' },
    { url: '/api/events?limit=4&upcoming=true' },
    { url: '/api/news?limit=4&featured=true' },
    { url: '/api/team' },
  ],
  '/events': [
    {
      url: '/api/events?page=1&limit=12&upcoming=true',
      image: ['events.0.images.0.thumbnail', 'events.0.images.0.url', 'events.0.image'],
    },
  ],
  '/news': [{ url: '/api/news?page=1&limit=12', image: ['news.0.image'] }],
};

/** The API answers the server embeds in a pattern's HTML. */
export function firstViewData(pattern: string): FirstViewData[] {
  return FIRST_VIEW_DATA[pattern] ?? [];
}

// An item page is drawn as while its item loads, which is the same for every id.
const locationOf = (pattern: string) =>
  pattern.replace(/:id$/, '00000000-0000-4000-8000-000000000000');

/** The export name of the page a pattern shows: its chunk is preloaded with the first view. */
export function pageExport(pattern: string): string | undefined {
  return pageFor(locationOf(pattern))?.pageName;
}

/**
 * Where the server puts the page's LCP picture (backend/src/web/page-document.ts): inside the
 * first card placeholder's image box, the same box the card's picture takes once React draws.
 */
export const FIRST_IMAGE_OUTLET = '<!--first-view-image-->';
const FIRST_CARD_IMAGE = /(<span class="skeleton [^"]*content-card__image">)(<\/span>)/;

/** A page as a guest first sees it (data still loading), for the server to send with the shell. */
export async function renderFirstView(pattern: string): Promise<string> {
  const location = locationOf(pattern);
  // Pages load on demand; loaded first, the page renders instead of its loading state.
  await pageFor(location)?.preload();
  const html = renderToString(
    <StaticRouter location={location}>
      <AppProviders>
        <App />
      </AppProviders>
    </StaticRouter>,
  );
  const hasImage = firstViewData(pattern).some((data) => data.image?.length);
  return hasImage ? html.replace(FIRST_CARD_IMAGE, `$1${FIRST_IMAGE_OUTLET}$2`) : html;
}
