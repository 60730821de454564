import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
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
    t = await createTestApp({ env: { WEB_DIR: fakeWebDir(), PUBLIC_URL: 'https://example.org' } });
    admin = await loginAdmin(t.http);
  });
  afterAll(() => t.close());

  it('serves the shell at / and for deep links, never cached', async () => {
    for (const path of ['/', '/events/123', '/admin/tutorials', '/profile?tab=1']) {
      const res = await t.http.get(path).expect(200);
      expect(res.text).toContain('<div id="root">');
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it("lets a page run its import map, and no other inline script, by the map's hash", async () => {
    const res = await t.http.get('/events/123').expect(200);
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

  it('caches hashed assets for a year and entry files not at all', async () => {
    const asset = await t.http.get('/assets/index-Ab12Cd34.js').expect(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const remoteAsset = await t.http.get('/remotes/portal/assets/App-Zx98Yw76.js').expect(200);
    expect(remoteAsset.headers['cache-control']).toContain('immutable');
    for (const entry of [
      '/remotes/portal/remoteEntry.js',
      '/remotes/admin/remoteEntry.js',
      '/config.js',
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

    const event = (await t.http.get('/events/any-id').expect(200)).text;
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
    expect(metaContent(html, 'og:locale')).toBe('en_US');
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
      const res: Response = await t.http.get(path).expect(200);
      expect(metaContent(res.text, 'og:title')).toBe('The Network');
      expect(res.text).not.toContain('Secret draft');
    }
  });

  it('answers a missing asset or API path with a JSON 404, not the shell', async () => {
    for (const path of [
      '/assets/index-Old00000.js',
      '/remotes/portal/missing.js',
      '/api/nothing',
    ]) {
      const res = await t.http.get(path).expect(404);
      expect(res.body).toMatchObject({ statusCode: 404, msg: expect.any(String) });
    }
  });
});
