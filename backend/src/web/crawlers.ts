import type { FastifyInstance } from 'fastify';
import { XMLBuilder } from 'fast-xml-parser';
import type { ResponseCache } from '../common/cache/response-cache';
import type { SitemapRegistry } from '../common/sitemap/sitemap-registry';
import { languageAlternates } from './page-language';

/** Public pages that are not items: always in the sitemap. */
const SITE_PAGES = [
  '/',
  '/about',
  '/events',
  '/news',
  '/tutorials',
  '/join',
  '/contact',
  '/privacy',
  '/terms',
];
/** A sitemap holds at most 50,000 URLs; each item source gets a share, newest changes first. */
const ITEMS_PER_SOURCE = 20_000;
/** Crawlers and proxies may keep the sitemap this long; this process keeps it until a write. */
const SITEMAP_MAX_AGE_SECONDS = 60;

/**
 * API reads the public pages draw: a crawler that runs the pages' scripts (Google's renderer)
 * needs them to see what a visitor sees; the rest of /api is nobody's business but the app's.
 */
const CRAWLABLE_API = [
  '/api/files/',
  '/api/events',
  '/api/news',
  '/api/comments/',
  '/api/stats',
  '/api/team',
  '/api/tutorials/courses',
];

/** robots.txt: public pages open, the console, the API and members' pages closed. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    ...CRAWLABLE_API.map((path) => `Allow: ${path}`),
    'Disallow: /api/',
    'Disallow: /admin',
    'Disallow: /remotes/admin/',
    'Disallow: /profile',
    'Allow: /',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

const xml = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  format: true,
  suppressEmptyNode: true,
});

/** The sitemap of every public page, with its language alternates and, for items, `lastmod`. */
export async function sitemapXml(registry: SitemapRegistry, publicUrl: string): Promise<string> {
  const items = await registry.pages(ITEMS_PER_SOURCE);
  const byPath = new Map<string, Date | undefined>(SITE_PAGES.map((path) => [path, undefined]));
  for (const item of items) byPath.set(item.path, item.lastModified ?? byPath.get(item.path));
  const url = [...byPath].map(([path, lastModified]) => {
    const alternates = languageAlternates(publicUrl, path);
    return {
      loc: alternates[0].href,
      lastmod: lastModified?.toISOString(),
      'xhtml:link': alternates.map(({ hreflang, href }) => ({
        '@rel': 'alternate',
        '@hreflang': hreflang,
        '@href': href,
      })),
    };
  });
  return xml.build({
    '?xml': { '@version': '1.0', '@encoding': 'UTF-8' },
    urlset: {
      '@xmlns': 'http://www.sitemaps.org/schemas/sitemap/0.9',
      '@xmlns:xhtml': 'http://www.w3.org/1999/xhtml',
      url,
    },
  });
}

/** Serves /robots.txt and /sitemap.xml, the latter read from the database and kept until a write. */
export function serveCrawlerFiles(
  fastify: FastifyInstance,
  sitemap: SitemapRegistry,
  cache: ResponseCache,
  publicUrl: string,
): void {
  fastify.get('/robots.txt', (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(robotsTxt(publicUrl)),
  );
  fastify.get('/sitemap.xml', async (_request, reply) => {
    const body = await cache.get('web:sitemap', () => sitemapXml(sitemap, publicUrl));
    return reply
      .header('cache-control', `public, max-age=${SITEMAP_MAX_AGE_SECONDS}`)
      .type('application/xml; charset=utf-8')
      .send(body);
  });
}
