import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type Rollup } from 'vite';
import { providerChunk } from './sharedModules.ts';

/**
 * What a front end tells the server about its first view (dist/first-view/manifest.json): the
 * prerendered HTML of each page, and the styles and modules that page needs, as served URLs.
 */
export interface FirstViewManifest {
  /** Route pattern (`/events/:id`, `*` for any other path) → file in dist/first-view. */
  pages: Record<string, string>;
  styles: string[];
  modules: string[];
  /** Route pattern → what only that page needs (its page's own chunks and their styles). */
  pageNeeds?: Record<string, { styles: string[]; modules: string[] }>;
  /** Route pattern → the API answers its first view draws, for the server to embed. */
  pageData?: Record<string, FirstViewData[]>;
}

/** A GET whose answer the server embeds in the page's HTML, and the paths to its LCP image. */
export interface FirstViewData {
  url: string;
  /** Paths into the answer (`events.0.image`); the first present names the page's LCP image. */
  image?: string[];
}

/** The module that `entry` names exports these: the pages to prerender and how to render one. */
export interface FirstViewModule {
  firstViewPaths: string[];
  renderFirstView(pattern: string): string | Promise<string>;
  /**
   * The export name of the lazily loaded page component a pattern shows, when pages have chunks
   * of their own: that chunk (a dynamic entry exporting the name) is preloaded with the page.
   */
  pageExport?(pattern: string): string | undefined;
  /** The API answers a pattern's first view draws as a guest (embedded in the HTML). */
  firstViewData?(pattern: string): FirstViewData[];
}

interface FirstViewOptions {
  /** Server-side module (relative to the package) exporting `firstViewPaths` and `renderFirstView`. */
  entry: string;
  /** Source modules whose built chunks and styles the first view needs (e.g. `src/App.tsx`). */
  needs: string[];
  /** Further built files to preload, relative to the output (e.g. `remoteEntry.js`). */
  preload?: string[];
}

/**
 * The chunks a chunk loads before it runs (static imports, transitively), itself included; a
 * shared package's bare import counts as the chunk that provides it, when this build does.
 */
function staticClosure(
  bundle: Rollup.OutputBundle,
  start: Rollup.OutputChunk,
): Rollup.OutputChunk[] {
  const seen = new Map<string, Rollup.OutputChunk>();
  const visit = (chunk: Rollup.OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const name of chunk.imports) {
      const next = bundle[name] ?? providerChunk(bundle, name);
      if (next?.type === 'chunk') visit(next);
    }
  };
  visit(start);
  return [...seen.values()];
}

/** The chunk loaded on demand (a dynamic entry) that exports `name`: a lazily loaded page. */
function pageChunk(bundle: Rollup.OutputBundle, name: string): Rollup.OutputChunk | undefined {
  return Object.values(bundle).find(
    (item): item is Rollup.OutputChunk =>
      item.type === 'chunk' && item.isDynamicEntry && item.exports.includes(name),
  );
}

/** Browsers have no localStorage on the server: a guest with nothing stored. */
function installGuestStorage(): void {
  const store = new Map<string, string>();
  (globalThis as { localStorage?: Storage }).localStorage ??= {
    get length() {
      return store.size;
    },
    clear: () => store.clear(),
    getItem: (key) => store.get(key) ?? null,
    key: (index) => [...store.keys()][index] ?? null,
    removeItem: (key) => void store.delete(key),
    setItem: (key, value) => void store.set(key, String(value)),
  };
}

const fileFor = (pattern: string) =>
  `${pattern === '/' ? 'index' : pattern.replace(/^\//, '').replace(/[^A-Za-z0-9_-]+/g, '_')}.html`;

/**
 * Prerenders the package's first view at build time (React on Node, guest, English) into
 * dist/first-view, with the styles and modules it needs: the server puts it in the first response.
 */
export function firstView(options: FirstViewOptions): Plugin {
  let root = '';
  let base = '/';
  let outDir = 'dist';
  let isSsr = false;
  return {
    name: 'first-view',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
      outDir = resolve(config.root, config.build.outDir);
      isSsr = Boolean(config.build.ssr);
    },
    async writeBundle(_output, bundle) {
      if (isSsr) return;
      const needed = new Set(options.needs.map((need) => resolve(root, need)));
      const chunks = Object.values(bundle).filter(
        (item): item is Rollup.OutputChunk =>
          item.type === 'chunk' && item.facadeModuleId !== null && needed.has(item.facadeModuleId),
      );
      const closure = new Map(
        chunks.flatMap((chunk) => staticClosure(bundle, chunk)).map((c) => [c.fileName, c]),
      );
      const styles = [...closure.values()].flatMap((chunk) => [
        ...(chunk.viteMetadata?.importedCss ?? []),
      ]);
      const modules = [...(options.preload ?? []), ...closure.keys()];

      // Inside the package, so that the server bundle's bare imports (react, ...) resolve.
      const serverDir = join(root, 'node_modules', '.cache', 'first-view');
      try {
        await build({
          configFile: false,
          root,
          logLevel: 'warn',
          plugins: [react()],
          build: {
            ssr: options.entry,
            outDir: serverDir,
            emptyOutDir: true,
            rollupOptions: { output: { entryFileNames: 'first-view.mjs' } },
          },
        });
        installGuestStorage();
        const rendered = (await import(
          pathToFileURL(join(serverDir, 'first-view.mjs')).href
        )) as FirstViewModule;
        const dir = join(outDir, 'first-view');
        mkdirSync(dir, { recursive: true });
        const manifest: FirstViewManifest = {
          pages: {},
          styles: [...new Set(styles)].map((file) => base + file),
          modules: [...new Set(modules)].map((file) => base + file),
        };
        const common = new Set([...manifest.modules, ...manifest.styles]);
        const pageNeeds: NonNullable<FirstViewManifest['pageNeeds']> = {};
        const pageData: NonNullable<FirstViewManifest['pageData']> = {};
        for (const pattern of rendered.firstViewPaths) {
          try {
            const file = fileFor(pattern);
            writeFileSync(join(dir, file), await rendered.renderFirstView(pattern));
            manifest.pages[pattern] = file;
            const data = rendered.firstViewData?.(pattern) ?? [];
            if (data.length) pageData[pattern] = data;
            const name = rendered.pageExport?.(pattern);
            const chunk = name ? pageChunk(bundle, name) : undefined;
            if (name && !chunk) this.warn(`first view of ${pattern}: no chunk exports ${name}`);
            if (chunk) {
              const own = staticClosure(bundle, chunk);
              const urls = (files: string[]) =>
                [...new Set(files.map((f) => base + f))].filter((url) => !common.has(url));
              pageNeeds[pattern] = {
                styles: urls(own.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])])),
                modules: urls(own.map((c) => c.fileName)),
              };
            }
          } catch (error) {
            // A page that cannot render on the server still works: it is drawn by the browser alone.
            this.warn(`first view of ${pattern} skipped: ${(error as Error).message}`);
          }
        }
        if (Object.keys(pageNeeds).length) manifest.pageNeeds = pageNeeds;
        if (Object.keys(pageData).length) manifest.pageData = pageData;
        writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
      } finally {
        rmSync(serverDir, { recursive: true, force: true });
      }
    },
  };
}
