import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  type FirstData,
  firstDataScript,
  type FirstViewData,
  type FirstViewLink,
} from './first-data';
import {
  escapeHtml,
  languageLinks,
  type LinkPreview,
  previewTags,
  type SiteCard,
  unescapeHtml,
} from './link-preview';
import { type ImageFacts, imageFactsOf } from './preview-image';

/** A front end's dist/first-view/manifest.json (written by shell/build/firstView.ts). */
interface FirstViewManifest {
  pages: Record<string, string>;
  styles: string[];
  modules: string[];
  /** Route pattern → its page's own chunks and styles (a portal whose pages load on demand). */
  pageNeeds?: Record<string, Pick<FirstViewManifest, 'styles' | 'modules'>>;
  /** Route pattern → the API answers its first view draws, which the server embeds. */
  pageData?: Record<string, FirstViewData[]>;
}

/** Where the shell's frame takes the remote's page (shell/src/firstView/renderFirstView.tsx). */
const OUTLET = '<!--first-view-outlet-->';
/** Where a list page's first view takes its LCP picture (portal/src/firstView/renderFirstView.tsx). */
const IMAGE_OUTLET = '<!--first-view-image-->';
/** The build's entry scripts and module preloads in the shell's index.html. */
const MODULE_SCRIPT = /\s*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;
/** The shell's script that starts the others after the first paint (shell/public). */
const PAGE_SCRIPTS = '/page-scripts.js';
/** The site's own link-preview picture (shell/public). */
const SITE_IMAGE = '/og-image.png';

/**
 * Links to the items the first view lists, for readers without scripts (crawlers among them):
 * with scripts, the page draws the same items as cards.
 */
function itemLinks(links: readonly FirstViewLink[]): string {
  if (!links.length) return '';
  const items = links.map(
    (link) => `<li><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></li>`,
  );
  return `<noscript><ul class="first-view-links">${items.join('')}</ul></noscript>`;
}

/**
 * The index's module scripts and preloads taken out of it, to be started after the first paint
 * with the first view's own modules (shell/public/page-scripts.js).
 */
function takeScripts(html: string): { html: string; modules: string[]; preloads: string[] } {
  const modules = [...html.matchAll(MODULE_SCRIPT)].map((match) => match[1]);
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  return {
    html: html.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, ''),
    modules,
    preloads,
  };
}

/** The list page-scripts.js reads, as JSON that cannot end its `<script>` element. */
function pageScripts(modules: string[], preloads: string[]): string {
  if (!modules.length) return '';
  const json = JSON.stringify({ modules, preloads }).replace(/</g, '\\u003c');
  return [
    `<script type="application/json" id="page-scripts">${json}</script>`,
    `<script src="${PAGE_SCRIPTS}" defer></script>`,
  ].join('\n    ');
}

/** A file re-read only when a rebuild has changed it (as text, or as bytes with `encoding` null). */
class WatchedFile<T, Content extends string | Buffer = string> {
  private cached: { mtimeMs: number; value: T } | undefined;

  constructor(
    private readonly path: string,
    private readonly parse: (content: Content) => T,
    private readonly encoding: 'utf8' | null = 'utf8',
  ) {}

  read(): T | undefined {
    if (!existsSync(this.path)) return undefined;
    const { mtimeMs } = statSync(this.path);
    if (this.cached?.mtimeMs !== mtimeMs) {
      const content = readFileSync(this.path, this.encoding ? { encoding: this.encoding } : null);
      this.cached = { mtimeMs, value: this.parse(content as Content) };
    }
    return this.cached.value;
  }
}

/** One front end's prerendered first view: its pages by route pattern, and what they need. */
class FirstView {
  private readonly manifest: WatchedFile<FirstViewManifest>;
  private readonly pages = new Map<string, WatchedFile<string>>();

  constructor(private readonly dir: string) {
    this.manifest = new WatchedFile(join(dir, 'manifest.json'), (text) => JSON.parse(text));
  }

  get needs(): Pick<FirstViewManifest, 'styles' | 'modules'> {
    const manifest = this.manifest.read();
    return { styles: manifest?.styles ?? [], modules: manifest?.modules ?? [] };
  }

  /** The page of the first pattern that `match` accepts, with the styles and modules only it needs. */
  page(match: (pattern: string) => boolean):
    | {
        html?: string;
        needs?: Pick<FirstViewManifest, 'styles' | 'modules'>;
        data?: FirstViewData[];
      }
    | undefined {
    const manifest = this.manifest.read();
    const pages = manifest?.pages ?? {};
    const pattern = Object.keys(pages).find(match);
    if (!pattern) return undefined;
    const file = join(this.dir, pages[pattern]);
    if (!this.pages.has(file)) this.pages.set(file, new WatchedFile(file, (text) => text));
    return {
      html: this.pages.get(file)?.read(),
      needs: manifest?.pageNeeds?.[pattern],
      data: manifest?.pageData?.[pattern],
    };
  }
}

/** `/events/:id` accepts `/events/abc`; a pattern without parameters accepts only itself. */
export function matchesPattern(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const have = path.split('/');
  return (
    want.length === have.length &&
    want.every((part, i) => (part.startsWith(':') ? have[i] !== '' : part === have[i]))
  );
}

/** The shell's index.html, and the hash of its import map (the one inline script it runs). */
interface ShellIndex {
  html: string;
  importMapHash?: string;
}

const IMPORT_MAP = /<script type="importmap">([^<]*)<\/script>/;

/** `'sha256-…'` of the page's import map, as its Content-Security-Policy names it. */
function importMapHash(html: string): string | undefined {
  const map = IMPORT_MAP.exec(html)?.[1];
  return map === undefined
    ? undefined
    : `'sha256-${createHash('sha256').update(map).digest('base64')}'`;
}

/**
 * The HTML of a deep link: the shell's index.html with the page's link preview, and the first view
 * prerendered by the shell (frame) and the portal (page) with the styles and modules they need,
 * so that the first paint needs no script and the scripts load side by side.
 */
export class PageDocument {
  private readonly index: WatchedFile<ShellIndex>;
  private readonly siteImage: WatchedFile<ImageFacts | undefined, Buffer>;
  private readonly shell: FirstView;
  private readonly portal: FirstView;

  constructor(root: string) {
    this.siteImage = new WatchedFile<ImageFacts | undefined, Buffer>(
      join(root, 'shell/dist', SITE_IMAGE),
      imageFactsOf,
      null,
    );
    this.index = new WatchedFile(join(root, 'shell/dist/index.html'), (html) => ({
      html,
      importMapHash: importMapHash(html),
    }));
    this.shell = new FirstView(join(root, 'shell/dist/first-view'));
    this.portal = new FirstView(join(root, 'portal/dist/first-view'));
  }

  /**
   * The page's Content-Security-Policy: the document policy with the hash of the shell's import
   * map (an inline script, which `script-src 'self'` alone refuses) among its script sources.
   */
  policy(documentPolicy: string): string {
    const hash = this.index.read()?.importMapHash;
    if (!hash) return documentPolicy;
    return documentPolicy.replace(
      /(^|;)(\s*script-src)(?=[\s;]|$)/,
      (_, start: string, directive: string) => `${start}${directive} ${hash}`,
    );
  }

  /** The site's card, from the shell's own title and description. */
  siteCard(): SiteCard | undefined {
    const html = this.index.read()?.html;
    if (!html) return undefined;
    return {
      name: unescapeHtml(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''),
      description: unescapeHtml(/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? ''),
      image: SITE_IMAGE,
      imageFacts: this.siteImage.read(),
    };
  }

  /** The API answers the portal's first view of `path` draws (none for the console's pages). */
  firstViewData(path: string): FirstViewData[] {
    if (/^\/admin(\/|$)/.test(path)) return [];
    return this.portal.page((pattern) => matchesPattern(pattern, path))?.data ?? [];
  }

  render(
    path: string,
    preview: LinkPreview,
    first?: FirstData,
    links: readonly FirstViewLink[] = [],
  ): string | undefined {
    const index = this.index.read()?.html;
    if (!index) return undefined;
    const { html, modules, preloads } = takeScripts(index);
    const site = this.siteCard()?.name ?? '';
    const isPortalPage = !/^\/admin(\/|$)/.test(path);
    const section = `/${path.split('/')[1] ?? ''}`;
    const frame =
      this.shell.page((pattern) => matchesPattern(pattern, path)) ??
      this.shell.page((pattern) => pattern === section) ??
      this.shell.page((pattern) => pattern === '*');
    const page = isPortalPage
      ? this.portal.page((pattern) => matchesPattern(pattern, path))
      : undefined;
    const needs = [
      this.shell.needs,
      ...(isPortalPage ? [this.portal.needs] : []),
      ...(page?.needs ? [page.needs] : []),
    ];
    const head = [
      previewTags(preview, site),
      languageLinks(preview),
      // The page's largest picture (its LCP) before the scripts: it shows as soon as React draws.
      ...(first?.images ?? []).map(
        (href) =>
          `<link rel="preload" as="image" href="${escapeHtml(href)}" fetchpriority="high" />`,
      ),
      ...needs
        .flatMap((need) => need.styles)
        .map((href) => `<link rel="stylesheet" href="${href}" />`),
      // No script is fetched before the first view is painted with its largest element: the page
      // shows without them, and they would hold a slow link's first paint back.
      pageScripts(modules, [...new Set([...preloads, ...needs.flatMap((need) => need.modules)])]),
    ]
      .filter(Boolean)
      .join('\n    ');
    // Controls stay disabled until React replaces the first view (input typed into it would be
    // lost): the frame holds each landmark's content in a disabled fieldset (shell renderFirstView).
    // The first card's picture is drawn from the HTML, before any script: the page's LCP.
    const image = first?.images[0];
    const pageHtml = image
      ? (page?.html ?? '').replace(
          IMAGE_OUTLET,
          () =>
            `<img class="first-view-image" src="${escapeHtml(image)}" alt="" fetchpriority="high" />`,
        )
      : page?.html;
    const firstView = frame?.html
      ? `<div class="first-view">${frame.html.replace(OUTLET, () => (pageHtml ?? '') + itemLinks(links))}</div>`
      : '';
    const data = first && Object.keys(first.answers).length ? firstDataScript(first.answers) : '';
    const title = preview.type === 'article' ? `${preview.title} · ${site}` : site;
    // Replaced by functions: a `$'` or `$&` in an item's title is text, not a replacement pattern.
    return html
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
      .replace(
        /<meta name="description" content="[^"]*"/,
        () => `<meta name="description" content="${escapeHtml(preview.description)}"`,
      )
      .replace('</head>', () => `  ${head}\n  </head>`)
      .replace('<div id="root"></div>', () => `<div id="root">${firstView}</div>${data}`);
  }
}
