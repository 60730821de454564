import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { load } from 'cheerio';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import ogs from 'open-graph-scraper';
import type { Response } from 'supertest';
import { createEvent, pngImage } from './support/events';
import { loginAdmin, type Session } from './support/factories';
import { createArticle } from './support/news';
import { createTestApp, TestApp } from './support/test-app';

const SHELL_JS = `console.log("shell");${' '.repeat(2000)}`;
/** The shell's import map (shell/build/sharedModules.ts), and its hash as a CSP source. */
const IMPORT_MAP = '{"imports":{"react":"/assets/shared/react-Ab12Cd34.js"}}';
const IMPORT_MAP_HASH = `'sha256-${createHash('sha256').update(IMPORT_MAP).digest('base64')}'`;

/** A built front end laid out as the real builds are (shell, portal and admin remotes). */
function fakeWebDir(): string {
  const root = mkdtempSync(join(tmpdir(), 'web-'));
  const write = (path: string, content: string | Buffer) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  };
  write(
    'shell/dist/index.html',
    [
      '<!doctype html><html lang="en"><head>',
      '<meta name="description" content="A network: business &amp; events" />',
      '<title>The Network</title>',
      `<script type="importmap">${IMPORT_MAP}</script>`,
      '<script src="/config.js"></script>',
      '<script type="module" crossorigin src="/assets/entry-Ab12Cd34.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/hostInit-Ab12Cd34.js">',
      '</head><body><div id="root"></div></body></html>',
    ].join('\n'),
  );
  write('shell/dist/assets/index-Ab12Cd34.js', SHELL_JS);
  write('shell/dist/assets/index-Ab12Cd34.js.br', brotliCompressSync(SHELL_JS));
  write('shell/dist/assets/index-Ab12Cd34.js.gz', gzipSync(SHELL_JS));
  write('shell/dist/config.js', 'window.__APP_CONFIG__ = {};');
  write('shell/dist/intl-warmup.js', 'self.close();');
  write('shell/dist/sw.js', 'self.skipWaiting();');
  write('shell/dist/favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
  write('shell/dist/assets/bootstrap-Ab12Cd34.css', 'body{margin:0}');
  write(
    'shell/dist/first-view/manifest.json',
    JSON.stringify({
      pages: { '/': 'index.html', '/events': 'events.html', '*': '_.html' },
      styles: ['/assets/index-Ab12Cd34.css'],
      modules: ['/assets/bootstrap-Ab12Cd34.js'],
    }),
  );
  write(
    'shell/dist/first-view/index.html',
    '<header>top bar</header><main><!--first-view-outlet--></main>',
  );
  write(
    'shell/dist/first-view/events.html',
    '<header>events bar</header><main><!--first-view-outlet--></main>',
  );
  write(
    'shell/dist/first-view/_.html',
    '<header>any bar</header><main><!--first-view-outlet--></main>',
  );
  write('portal/dist/remoteEntry.js', 'export const portal = 1;');
  write('portal/dist/assets/App-Zx98Yw76.js', 'export default 1;');
  write(
    'portal/dist/first-view/manifest.json',
    JSON.stringify({
      pages: {
        '/': 'index.html',
        '/events': 'events.html',
        '/events/:id': 'events_id.html',
        '/news': 'news.html',
      },
      styles: ['/remotes/portal/assets/App-Zx98Yw76.css'],
      modules: ['/remotes/portal/remoteEntry.js', '/remotes/portal/assets/App-Zx98Yw76.js'],
      pageNeeds: {
        '/': { styles: [], modules: ['/remotes/portal/assets/HomePage-Hm12Hm34.js'] },
        '/events/:id': {
          styles: ['/remotes/portal/assets/EventDetailPage-Ed12Ed34.css'],
          modules: ['/remotes/portal/assets/EventDetailPage-Ed12Ed34.js'],
        },
      },
      pageData: {
        '/events': [
          {
            url: '/api/events?page=1&limit=12',
            image: ['events.0.images.0.thumbnail', 'events.0.image'],
          },
        ],
        '/news': [{ url: '/api/no-such-list' }],
      },
    }),
  );
  write('portal/dist/first-view/index.html', '<h1 class="home-hero__title">Welcome home</h1>');
  const cardImageBox = (box: string) =>
    `<span class="skeleton ${box} content-card__image"><!--first-view-image--></span>`;
  write(
    'portal/dist/first-view/events.html',
    `<h1>Events</h1>${cardImageBox('event-card__image')}`,
  );
  write('portal/dist/first-view/news.html', `<h1>News</h1>${cardImageBox('news-card__image')}`);
  write('portal/dist/first-view/events_id.html', '<div class="event-detail-skeleton"></div>');
  write('admin-console/dist/remoteEntry.js', 'export const admin = 1;');
  return root;
}

/** The scripts a page starts after its first paint (`#page-scripts`, read by page-scripts.js). */
function pageScripts(html: string): { modules: string[]; preloads: string[] } {
  const json = /<script type="application\/json" id="page-scripts">(.*?)<\/script>/s.exec(html);
  expect(json).not.toBeNull();
  return JSON.parse(json?.[1] ?? '{}') as { modules: string[]; preloads: string[] };
}

/** `content` of the `<meta>` tag with this property or name, as the HTML gives it. */
function metaContent(html: string, key: string): string | undefined {
  return new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];
}

describe('serving the web front ends', () => {
  let t: TestApp;
  let admin: Session;

  beforeAll(async () => {
    const webDir = fakeWebDir();
    // The site's link-preview picture, at the size Open Graph recommends.
    writeFileSync(join(webDir, 'shell/dist/og-image.png'), await pngImage(1200, 630));
    t = await createTestApp({ env: { WEB_DIR: webDir, PUBLIC_URL: 'https://example.org' } });
    admin = await loginAdmin(t.http);
  });
  afterAll(() => t.close());

  it('serves the shell at / and for deep links, never cached', async () => {
    for (const path of ['/', '/events', '/admin/tutorials', '/profile?tab=1']) {
      const res = await t.http.get(path).expect(200);
      expect(res.text).toContain('<div id="root">');
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it("lets a page run its import map, and no other inline script, by the map's hash", async () => {
    const res = await t.http.get('/events').expect(200);
    expect(res.text).toContain(`<script type="importmap">${IMPORT_MAP}</script>`);
    const policy = String(res.headers['content-security-policy']);
    const scripts = /(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1].split(' ');
    expect(scripts?.sort()).toEqual([IMPORT_MAP_HASH, "'self'", 'https://js.stripe.com'].sort());
    // Only pages carry the map: an API answer keeps its policy that loads nothing.
    const api = await t.http.get('/api/health');
    expect(api.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  it("sends a page's policies with documents and workers, and a script or style sheet only what acts on it", async () => {
    const page = await t.http.get('/events').expect(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    // HSTS only over https (core.e2e-spec's trusted proxy); this one is plain http.
    expect(page.headers['strict-transport-security']).toBeUndefined();
    for (const path of [
      '/assets/index-Ab12Cd34.js',
      '/assets/bootstrap-Ab12Cd34.css',
      '/remotes/portal/assets/App-Zx98Yw76.js',
      '/remotes/portal/remoteEntry.js',
      '/config.js',
    ]) {
      const asset = await t.http.get(path).expect(200);
      // Still never sniffed into another type, nor embedded by another site.
      expect(asset.headers['x-content-type-options']).toBe('nosniff');
      expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
      for (const documentOnly of [
        'content-security-policy',
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'referrer-policy',
        'strict-transport-security',
        'x-frame-options',
        'x-xss-protection',
        'last-modified',
        'accept-ranges',
      ]) {
        expect({ path, [documentOnly]: asset.headers[documentOnly] }).toEqual({ path });
      }
      // The ETag alone revalidates a file that is not cached for good.
      expect(asset.headers.etag).toBeDefined();
    }
    // A worker runs under its own answer's policy; an SVG can be opened as a document.
    for (const path of ['/intl-warmup.js', '/sw.js', '/favicon.svg']) {
      const res = await t.http.get(path).expect(200);
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
    const revalidated = await t.http.get('/config.js').expect(200);
    await t.http
      .get('/config.js')
      .set('if-none-match', String(revalidated.headers.etag))
      .expect(304);
  });

  it('caches hashed assets for a year and entry files not at all', async () => {
    const asset = await t.http.get('/assets/index-Ab12Cd34.js').expect(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const remoteAsset = await t.http.get('/remotes/portal/assets/App-Zx98Yw76.js').expect(200);
    expect(remoteAsset.headers['cache-control']).toContain('immutable');
    for (const entry of [
      '/remotes/portal/remoteEntry.js',
      '/remotes/admin/remoteEntry.js',
      '/config.js',
      // The service worker: a new build's worker is seen at the next visit (docs/adr/0071).
      '/sw.js',
    ]) {
      const res = await t.http.get(entry).expect(200);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends the precompressed copy of an asset the client can decode, still cached for good', async () => {
    const brotli = await t.http
      .get('/assets/index-Ab12Cd34.js')
      .set('accept-encoding', 'br, gzip')
      .expect(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotli.text).toBe(SHELL_JS);

    const gzip = await t.http.get('/assets/index-Ab12Cd34.js').set('accept-encoding', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe(SHELL_JS);

    const plain = await t.http.get('/assets/index-Ab12Cd34.js').set('accept-encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(SHELL_JS);
  });

  it('compresses large API answers and the HTML, and leaves small ones alone', async () => {
    const docs = await t.http.get('/api/docs-json').set('accept-encoding', 'br').expect(200);
    expect(docs.headers['content-encoding']).toBe('br');
    expect(docs.body).toHaveProperty('openapi');
    const page = await t.http.get('/').set('accept-encoding', 'gzip').expect(200);
    expect(page.headers['content-encoding']).toBe('gzip');
    const health = await t.http.get('/api/health').set('accept-encoding', 'gzip').expect(200);
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('puts the first view in the HTML: the frame of the section, the page, its styles and modules', async () => {
    const home = (await t.http.get('/').expect(200)).text;
    expect(home).toContain(
      '<div id="root"><div class="first-view"><header>top bar</header><main><h1 class="home-hero__title">Welcome home</h1></main></div></div>',
    );
    expect(home).toContain('<link rel="stylesheet" href="/assets/index-Ab12Cd34.css" />');
    expect(home).toContain(
      '<link rel="stylesheet" href="/remotes/portal/assets/App-Zx98Yw76.css" />',
    );
    // No script is fetched before the first paint: the build's entry and preloads, with the first
    // view's modules, are started by page-scripts.js once the first view is on screen.
    expect(home).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
    expect(home).toContain('<script src="/config.js"></script>');
    expect(home).toContain('<script src="/page-scripts.js" defer></script>');
    expect(pageScripts(home)).toEqual({
      modules: ['/assets/entry-Ab12Cd34.js'],
      preloads: [
        '/assets/hostInit-Ab12Cd34.js',
        '/assets/bootstrap-Ab12Cd34.js',
        '/remotes/portal/remoteEntry.js',
        '/remotes/portal/assets/App-Zx98Yw76.js',
        '/remotes/portal/assets/HomePage-Hm12Hm34.js',
      ],
    });
    // Each page preloads its own chunk, not another page's.
    expect(home).not.toContain('EventDetailPage');

    // An unknown item's page is the shell too, answered 404.
    const event = (await t.http.get('/events/any-id').expect(404)).text;
    expect(event).toContain(
      '<header>events bar</header><main><div class="event-detail-skeleton"></div></main>',
    );
    expect(pageScripts(event).preloads).toContain(
      '/remotes/portal/assets/EventDetailPage-Ed12Ed34.js',
    );
    expect(event).toContain(
      '<link rel="stylesheet" href="/remotes/portal/assets/EventDetailPage-Ed12Ed34.css" />',
    );
    expect(event).not.toContain('HomePage');
    const other = (await t.http.get('/profile').expect(200)).text;
    expect(other).toContain(
      '<div id="root"><div class="first-view"><header>any bar</header><main></main></div></div>',
    );
    // The admin console is not the portal: no portal page, styles or modules.
    const adminPage = (await t.http.get('/admin').expect(200)).text;
    expect(adminPage).not.toContain('/remotes/portal/');
    expect(pageScripts(adminPage)).toEqual({
      modules: ['/assets/entry-Ab12Cd34.js'],
      preloads: ['/assets/hostInit-Ab12Cd34.js', '/assets/bootstrap-Ab12Cd34.js'],
    });
  });

  it("carries the lists a page's first view draws, as a guest sees them, and fetches its LCP image first", async () => {
    await createEvent(
      t.http,
      admin,
      { title: 'Night </script><script>alert(1)</script>' },
      { images: [await pngImage()] },
    );
    const list = (await t.http.get('/api/events?page=1&limit=12').expect(200)).body as {
      events: Array<{ title: string; images: Array<{ thumbnail: string }> }>;
    };
    const html = (await t.http.get('/events').expect(200)).text;
    const script = /<script type="application\/json" id="first-data">(.*?)<\/script>/s.exec(html);
    expect(script).not.toBeNull();
    // Nothing in the data can close its script element.
    expect(script?.[1]).not.toContain('<');
    const answers = JSON.parse(script?.[1] ?? '{}') as Record<string, typeof list>;
    expect(Object.keys(answers)).toEqual(['/api/events?page=1&limit=12']);
    expect(answers['/api/events?page=1&limit=12'].events.map((e) => e.title)).toEqual(
      list.events.map((e) => e.title),
    );
    expect(answers['/api/events?page=1&limit=12'].events.map((e) => e.title)).toContain(
      'Night </script><script>alert(1)</script>',
    );
    const thumbnail = list.events[0].images[0]?.thumbnail;
    expect(thumbnail).toMatch(/^\/api\/files\//);
    expect(html).toContain(
      `<link rel="preload" as="image" href="${thumbnail}" fetchpriority="high" />`,
    );
    // ... and draws it in the first card placeholder's image box before any script runs.
    expect(html).toContain(
      `<span class="skeleton event-card__image content-card__image"><img class="first-view-image" src="${thumbnail}" alt="" fetchpriority="high" /></span>`,
    );

    // An answer that is not a 200 is left for the browser to ask for; other pages, and a list
    // page with a query (other lists, another first picture), carry none.
    for (const path of ['/news', '/profile', '/admin', '/events?category=business']) {
      const other = (await t.http.get(path).expect(200)).text;
      expect(other).not.toContain('id="first-data"');
      expect(other).not.toContain('rel="preload" as="image"');
      expect(other).not.toContain('first-view-image"');
    }
  });

  it('gives the home page and other pages the site card for link previews', async () => {
    const html = (await t.http.get('/').expect(200)).text;
    expect(html).toContain('<title>The Network</title>');
    expect(metaContent(html, 'og:site_name')).toBe('The Network');
    expect(metaContent(html, 'og:title')).toBe('The Network');
    expect(metaContent(html, 'og:description')).toBe('A network: business &amp; events');
    expect(metaContent(html, 'og:image')).toBe('https://example.org/og-image.png');
    expect(metaContent(html, 'og:url')).toBe('https://example.org/');
    expect(metaContent(html, 'og:image:width')).toBe('1200');
    expect(metaContent(html, 'og:image:height')).toBe('630');
    expect(metaContent(html, 'og:image:type')).toBe('image/png');
    expect(metaContent(html, 'og:image:alt')).toBe('The Network');
    expect(metaContent(html, 'og:locale')).toBe('en_US');
    expect(metaContent(html, 'og:locale:alternate')).toBe('am_ET');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
  });

  it("gives an event's page that event's card: title, excerpt and image", async () => {
    const event = await createEvent(
      t.http,
      admin,
      { title: 'Coffee & "Code" Night', description: `An evening ${'of talks '.repeat(40)}` },
      { images: [await pngImage()] },
    );
    const html = (await t.http.get(`/events/${event._id}`).expect(200)).text;
    expect(html).toContain('<title>Coffee &amp; &quot;Code&quot; Night · The Network</title>');
    expect(metaContent(html, 'og:type')).toBe('article');
    expect(metaContent(html, 'og:title')).toBe('Coffee &amp; &quot;Code&quot; Night');
    expect(metaContent(html, 'twitter:title')).toBe('Coffee &amp; &quot;Code&quot; Night');
    const description = metaContent(html, 'og:description') ?? '';
    expect(description).toMatch(/^An evening of talks of talks .*…$/);
    expect(description.length).toBeLessThanOrEqual(200);
    expect(metaContent(html, 'description')).toBe(description);
    const image = metaContent(html, 'og:image') ?? '';
    expect(image).toMatch(/^https:\/\/example\.org\/api\/files\/.+/);
    expect(metaContent(html, 'twitter:image')).toBe(image);
    expect(metaContent(html, 'og:url')).toBe(`https://example.org/events/${event._id}`);
  });

  it("gives an article's page its title and excerpt, and a draft or unknown item the site card", async () => {
    const article = await createArticle(t.http, admin, {
      title: 'Scholarships open',
      excerpt: 'Applications close in May.',
    });
    const html = (await t.http.get(`/news/${article._id}`).expect(200)).text;
    expect(metaContent(html, 'og:title')).toBe('Scholarships open');
    expect(metaContent(html, 'og:description')).toBe('Applications close in May.');
    expect(metaContent(html, 'og:image')).toBe('https://example.org/og-image.png');

    // Replacement patterns in a title are text: `$\`` would splice in the page before it.
    const priced = await createArticle(t.http, admin, { title: 'Tickets $` or $& off' });
    const pricedHtml = (await t.http.get(`/news/${priced._id}`).expect(200)).text;
    expect(pricedHtml).toContain('<title>Tickets $` or $&amp; off · The Network</title>');
    expect(metaContent(pricedHtml, 'og:title')).toBe('Tickets $` or $&amp; off');

    const draft = await createArticle(t.http, admin, { title: 'Secret draft', published: false });
    for (const path of [`/news/${draft._id}`, '/news/not-a-uuid', '/events/not-a-uuid']) {
      const res: Response = await t.http.get(path).expect(404);
      expect(metaContent(res.text, 'og:title')).toBe('The Network');
      expect(res.text).not.toContain('Secret draft');
    }
  });

  it('answers a missing asset or API path with a JSON 404, not the shell', async () => {
    for (const path of [
      '/assets/index-Old00000.js',
      '/remotes/portal/missing.js',
      '/api/nothing',
      // Paths are case-sensitive: another letter case is no route, and never the page.
      '/API/AUTH/ME',
      '/Api/events',
      '/REMOTES/portal/remoteEntry.js',
    ]) {
      const res = await t.http.get(path).expect(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.body).toMatchObject({
        statusCode: 404,
        msg: expect.any(String),
        code: 'NOT_FOUND',
      });
    }
  });

  describe('as crawlers read it', () => {
    const origin = 'https://example.org';
    /** The site path of one of the site's absolute URLs. */
    const pathOf = (url: string) => {
      expect(url.startsWith(`${origin}/`)).toBe(true);
      return url.slice(origin.length);
    };

    interface SitemapUrl {
      loc: string;
      lastmod?: string;
      'xhtml:link': Array<{ '@rel': string; '@hreflang': string; '@href': string }>;
    }
    /** The sitemap as an XML parser reads it, after checking it is well-formed. */
    async function readSitemap(): Promise<Map<string, SitemapUrl>> {
      const res = await t.http.get('/sitemap.xml').expect(200);
      expect(res.headers['content-type']).toMatch(/^application\/xml/);
      expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
      expect(XMLValidator.validate(res.text)).toBe(true);
      const parsed = new XMLParser({
        ignoreAttributes: false,
        attributeNamePrefix: '@',
        isArray: (name) => name === 'url' || name === 'xhtml:link',
      }).parse(res.text) as { urlset: { '@xmlns': string; url: SitemapUrl[] } };
      expect(parsed.urlset['@xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
      return new Map(parsed.urlset.url.map((url) => [pathOf(url.loc), url]));
    }

    it('robots.txt opens the public pages, closes the console, members and the API, and names the sitemap', async () => {
      const res = await t.http.get('/robots.txt').expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      const lines = res.text.split('\n');
      expect(lines[0]).toBe('User-agent: *');
      expect(lines).toEqual(
        expect.arrayContaining([
          'Disallow: /admin',
          'Disallow: /api/',
          'Disallow: /profile',
          // What the public pages draw, for crawlers that run their scripts.
          'Allow: /api/files/',
          'Allow: /api/events',
          'Allow: /api/news',
          'Allow: /',
          `Sitemap: ${origin}/sitemap.xml`,
        ]),
      );
    });

    it('lists every public event, article and the courses page with lastmod, as the database has them now', async () => {
      const event = await createEvent(t.http, admin, { title: 'Sitemap gala' });
      const article = await createArticle(t.http, admin, { title: 'Sitemap news' });
      const draft = await createArticle(t.http, admin, { title: 'Hidden', published: false });
      const before = await readSitemap();
      const eventUrl = before.get(`/events/${event._id}`);
      expect(eventUrl?.lastmod).toBe(event.updatedAt);
      expect(before.get(`/news/${article._id}`)?.lastmod).toBe(article.updatedAt);
      expect(before.has(`/news/${draft._id}`)).toBe(false);
      expect(before.get('/tutorials')?.lastmod).toMatch(/^\d{4}-\d\d-\d\dT/);
      for (const page of ['/', '/events', '/news', '/about', '/contact']) {
        expect(before.has(page)).toBe(true);
      }
      // A date where there is one (items), a W3C datetime; none for the site's own pages.
      expect(before.get('/')).not.toHaveProperty('lastmod');
      for (const url of before.values()) {
        if (url.lastmod !== undefined)
          expect(new Date(url.lastmod).toISOString()).toBe(url.lastmod);
      }
      // Each URL names itself in both languages, and the default for any other.
      expect(eventUrl?.['xhtml:link'].map((link) => [link['@hreflang'], link['@href']])).toEqual([
        ['en', `${origin}/events/${event._id}`],
        ['am', `${origin}/events/${event._id}?lang=am`],
        ['x-default', `${origin}/events/${event._id}`],
      ]);
      // Every page it lists answers 200 (the pages of items that exist, the site's pages).
      for (const path of before.keys()) await t.http.get(path).expect(200);

      // A change shows at once: the cache is dropped on every write.
      const edited = await t.http
        .put(`/api/news/${article._id}`)
        .set(admin.auth)
        .send({ title: 'Sitemap news, edited' })
        .expect(200);
      await t.http.delete(`/api/events/${event._id}`).set(admin.auth).expect(200);
      const after = await readSitemap();
      expect(after.get(`/news/${article._id}`)?.lastmod).toBe(
        (edited.body as { updatedAt: string }).updatedAt,
      );
      expect(after.has(`/events/${event._id}`)).toBe(false);
      await t.http.get(`/events/${event._id}`).expect(404);
    });

    it("answers an unknown event's or article's page 404 with the page shell", async () => {
      for (const path of [
        '/events/00000000-0000-4000-8000-000000000000',
        '/news/00000000-0000-4000-8000-000000000000',
      ]) {
        const res = await t.http.get(path).expect(404);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.headers['cache-control']).toBe('no-cache');
        const $ = load(res.text);
        expect($('title').text()).toBe('The Network');
        expect($('#root .first-view header').length).toBe(1);
        expect(pageScripts(res.text).modules).toEqual(['/assets/entry-Ab12Cd34.js']);
      }
    });

    it('links the first view to the items it lists, for readers that run no script', async () => {
      const event = await createEvent(t.http, admin, { title: 'Linked <evening> & talks' });
      const html = (await t.http.get('/events').expect(200)).text;
      // As a browser with scripting off (a crawler) parses it: the noscript content is markup.
      const $ = load(html, { scriptingEnabled: false });
      const link = $(`#root a[href="/events/${event._id}"]`);
      expect(link.text()).toBe('Linked <evening> & talks');
      expect(link.closest('noscript').length).toBe(1);
      const list = (await t.http.get('/api/events?page=1&limit=12').expect(200)).body as {
        events: Array<{ _id: string }>;
      };
      expect(
        $('#root noscript a')
          .map((_, a) => $(a).attr('href'))
          .get(),
      ).toEqual(list.events.map((item) => `/events/${item._id}`));
      // With scripts, the links are not drawn: the page draws the same items as cards.
      expect(load(html)('#root noscript a').length).toBe(0);
    });

    it('names the page in both languages (hreflang), in the language its address asks for', async () => {
      const $ = load((await t.http.get('/events').expect(200)).text);
      const alternates = $('link[rel="alternate"][hreflang]')
        .map((_, link) => [[$(link).attr('hreflang'), $(link).attr('href')]])
        .get();
      expect(alternates).toEqual([
        ['en', `${origin}/events`],
        ['am', `${origin}/events?lang=am`],
        ['x-default', `${origin}/events`],
      ]);
      expect($('link[rel="canonical"]').attr('href')).toBe(`${origin}/events`);

      const am = (await t.http.get('/events?lang=am').expect(200)).text;
      const $am = load(am);
      expect($am('link[rel="canonical"]').attr('href')).toBe(`${origin}/events?lang=am`);
      expect($am('meta[property="og:url"]').attr('content')).toBe(`${origin}/events?lang=am`);
      expect($am('meta[property="og:locale"]').attr('content')).toBe('am_ET');
      expect($am('meta[property="og:locale:alternate"]').attr('content')).toBe('en_US');
      // The language is no filter: the first view still carries its lists.
      expect(am).toContain('id="first-data"');
    });

    it("gives an event's card its picture's size, type and text, as open-graph-scraper reads it", async () => {
      const event = await createEvent(
        t.http,
        admin,
        { title: 'Harvest & music night' },
        { images: [await pngImage(640, 360)] },
      );
      const server = (t.app.getHttpServer() as Server).listen(0, '127.0.0.1');
      await once(server, 'listening');
      try {
        const { port } = server.address() as AddressInfo;
        const { result, error } = await ogs({
          url: `http://127.0.0.1:${port}/events/${event._id}`,
        });
        expect(error).toBe(false);
        expect(result.ogTitle).toBe('Harvest & music night');
        expect(result.ogImage).toEqual([
          {
            url: expect.stringMatching(/^https:\/\/example\.org\/api\/files\/.+\.webp$/),
            width: '640',
            height: '360',
            type: 'image/webp',
            alt: 'Harvest & music night',
          },
        ]);
        const site = await ogs({ url: `http://127.0.0.1:${port}/news` });
        expect(site.result.ogImage).toEqual([
          {
            url: `${origin}/og-image.png`,
            width: '1200',
            height: '630',
            type: 'image/png',
            alt: 'The Network',
          },
        ]);
      } finally {
        server.close();
      }
    });
  });
});
