import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin, Rollup } from 'vite';

/**
 * Federation by the browser's import maps (docs/adr/0004-federation-by-import-maps.md): the
 * shared packages are left as bare imports (`from 'react'`) in every front end's build, and the
 * page's import map names the one file each resolves to. A provider (the shell, or the console on
 * its own origin) builds a module per package and writes the map into its HTML; a remote builds
 * none and runs on the page's.
 */
export interface SharedModule {
  /** A CommonJS package: its export names are read from the package itself (React's are). */
  commonJs?: boolean;
  /** An ES module of ours naming the exports the front ends use (the package is then tree-shaken). */
  entry?: string;
  /** Whether the package has a default export to pass on (`export *` leaves it out). */
  hasDefault?: boolean;
}

export type SharedModules = Record<string, SharedModule>;

interface SharedModulesOptions {
  shared: SharedModules;
  /** Builds each shared package and writes the import map into the HTML (the shell). */
  provide?: boolean;
  /** Specifiers loaded at run time from another front end, never bundled (`portal/App`). */
  runtime?: string[];
  /** The module this build exposes as `remoteEntry.js`, its styles loaded with it. */
  expose?: string;
}

/** `import { sharedLoaders } from 'virtual:shared-modules'`: a loader per shared package. */
const LOADERS = 'virtual:shared-modules';
const PROVIDER = '\0shared-module:';
const REQUIRED = '\0shared-module-required:';
/** The file beside index.html naming the import map's hash for a Content-Security-Policy. */
export const IMPORT_MAP_HASH_FILE = 'import-map.sha256';

const identifier = /^[A-Za-z_$][\w$]*$/;

/** The source of the module that provides one shared package. */
function providerSource(root: string, spec: string, module: SharedModule): string {
  if (module.commonJs) {
    // Read under the build's own NODE_ENV (production for `vite build`), so from the same one of
    // React's two builds the bundle holds (the development one adds `act`, `captureOwnerStack`).
    const names = Object.keys(createRequire(join(root, 'package.json'))(spec) as object)
      .filter((name) => identifier.test(name) && name !== 'default')
      .sort();
    return [
      `import shared from ${JSON.stringify(spec)};`,
      'export default shared;',
      `export const { ${names.join(', ')} } = shared;`,
    ].join('\n');
  }
  const from = JSON.stringify(module.entry ?? spec);
  return [
    `export * from ${from};`,
    module.hasDefault ? `export { default } from ${JSON.stringify(spec)};` : '',
  ].join('\n');
}

/** The chunk that provides `spec` in a provider's bundle. */
export function providerChunk(
  bundle: Rollup.OutputBundle,
  spec: string,
): Rollup.OutputChunk | undefined {
  return Object.values(bundle).find(
    (item): item is Rollup.OutputChunk =>
      item.type === 'chunk' && item.facadeModuleId === PROVIDER + spec,
  );
}

/** `'sha256-…'` of an inline script's text, as a Content-Security-Policy source names it. */
export const scriptHash = (text: string) =>
  `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The build side of import-map federation: shared packages stay bare imports everywhere but in
 * their providers; a provider's HTML gets the import map (and its hash is written for the CSP);
 * an exposed module becomes `remoteEntry.js`, which adds its own stylesheets when imported.
 */
export function sharedModules(options: SharedModulesOptions): Plugin[] {
  const specs = new Set(Object.keys(options.shared));
  const runtime = new Set(options.runtime ?? []);
  let root = '';
  let base = '/';
  let outDir = 'dist';
  let importMap: string | undefined;
  // The modules whose imports of a shared package are the package itself, not the shared copy.
  const providerFiles = new Set<string>();
  return [
    {
      // In development too: the shell evaluates the packages one task each either way.
      name: 'shared-modules-loaders',
      resolveId: (source) => (source === LOADERS ? `\0${LOADERS}` : null),
      load(id) {
        if (id !== `\0${LOADERS}`) return null;
        const loaders = [...specs].map((spec) => `() => import(${JSON.stringify(spec)})`);
        return `export const sharedLoaders = [${loaders.join(', ')}];`;
      },
    },
    {
      name: 'shared-modules',
      apply: 'build',
      enforce: 'pre',
      config(config) {
        const provided: Record<string, string> = options.provide
          ? Object.fromEntries(
              [...specs].map((spec) => [`shared/${spec.replace(/[@/]/g, '_')}`, PROVIDER + spec]),
            )
          : {};
        const exposed: Record<string, string> = options.expose
          ? { remoteEntry: options.expose }
          : {};
        // A provider's page is its index.html; a remote has no page of its own.
        const input = config.build?.rollupOptions?.input;
        const page: Record<string, string> = options.provide
          ? { index: resolve(config.root ?? '.', 'index.html') }
          : {};
        const html = typeof input === 'string' ? { index: input } : (input ?? page);
        return {
          build: {
            rollupOptions: {
              input: { ...(html as Record<string, string>), ...provided, ...exposed },
              // A provider's entries keep their exports: the page's other modules import them.
              preserveEntrySignatures: 'exports-only',
              output: {
                entryFileNames: (chunk) =>
                  chunk.name === 'remoteEntry' ? 'remoteEntry.js' : 'assets/[name]-[hash].js',
              },
            },
          },
        };
      },
      configResolved(config) {
        root = config.root;
        base = config.base;
        outDir = resolve(config.root, config.build.outDir);
        for (const module of Object.values(options.shared)) {
          if (module.entry) providerFiles.add(resolve(root, module.entry));
        }
      },
      async resolveId(source, importer, resolveOptions) {
        if (source.startsWith(PROVIDER) || source.startsWith(REQUIRED)) return source;
        if (runtime.has(source)) return { id: source, external: true };
        if (!specs.has(source)) return null;
        const inProvider =
          options.provide &&
          importer !== undefined &&
          (importer.startsWith(PROVIDER) || providerFiles.has(importer));
        if (!inProvider) {
          // A CommonJS `require('react')` (React DOM's) cannot stay bare in an ES module: it is
          // given a module that imports the shared package, as an import would.
          const kind = (resolveOptions as { kind?: string }).kind;
          if (kind === 'require-call') return REQUIRED + source;
          return { id: source, external: true };
        }
        return this.resolve(source, importer, { ...resolveOptions, skipSelf: true });
      },
      load(id) {
        if (id.startsWith(REQUIRED)) {
          return `export * from ${JSON.stringify(id.slice(REQUIRED.length))};`;
        }
        if (!id.startsWith(PROVIDER)) return null;
        const spec = id.slice(PROVIDER.length);
        const module = options.shared[spec];
        const entry = module.entry ? { ...module, entry: resolve(root, module.entry) } : module;
        return providerSource(root, spec, entry);
      },
      generateBundle(_output, bundle) {
        if (!options.expose) return;
        const entry = bundle['remoteEntry.js'];
        if (entry?.type !== 'chunk') return;
        // Vite links an entry's stylesheets only from an HTML page; a remote's entry has none.
        const styles = [...chunkStyles(bundle, entry)];
        if (!styles.length) return;
        entry.code = `${styleLoader(styles)}\n${entry.code}`;
      },
    },
    {
      name: 'shared-modules-import-map',
      apply: 'build',
      transformIndexHtml: {
        order: 'post',
        handler(_html, context) {
          if (!options.provide || !context.bundle) return;
          const imports: Record<string, string> = {};
          for (const spec of specs) {
            const chunk = providerChunk(context.bundle, spec);
            if (!chunk) throw new Error(`shared module ${spec} was not built`);
            imports[spec] = base + chunk.fileName;
          }
          const text = JSON.stringify({ imports });
          importMap = text;
          return [
            {
              tag: 'script',
              attrs: { type: 'importmap' },
              children: text,
              injectTo: 'head-prepend',
            },
          ];
        },
      },
      writeBundle() {
        if (importMap)
          writeFileSync(join(outDir, IMPORT_MAP_HASH_FILE), `${scriptHash(importMap)}\n`);
      },
    },
  ];
}

/**
 * The stylesheets a chunk needs: its own and those of every chunk it imports statically, as
 * Vite's HTML plugin collects them for a page. An exposed module that the provider's page imports
 * too (the console's App) is a chunk of its own, and remoteEntry.js only re-exports it: its
 * styles belong to that chunk, not to the entry.
 */
export function chunkStyles(
  bundle: Rollup.OutputBundle,
  chunk: Rollup.OutputChunk,
  seen = new Set<string>(),
): Set<string> {
  const styles = new Set<string>();
  if (seen.has(chunk.fileName)) return styles;
  seen.add(chunk.fileName);
  for (const file of chunk.imports) {
    const imported = bundle[file];
    if (imported?.type !== 'chunk') continue;
    for (const style of chunkStyles(bundle, imported, seen)) styles.add(style);
  }
  for (const style of chunk.viteMetadata?.importedCss ?? []) styles.add(style);
  return styles;
}

/**
 * Code that links each stylesheet once, before the module's own code runs: found beside the
 * remote entry (`import.meta.url`), wherever the remote is served from, and skipped when the
 * page already links it (the first view's styles). The entry resolves once they have loaded (or
 * failed), so the remote never draws a frame unstyled.
 */
function styleLoader(files: string[]): string {
  return `await (() => {
  const linked = new Set(Array.from(document.querySelectorAll('link[rel="stylesheet"]'), (link) => link.href));
  const loads = [];
  for (const file of ${JSON.stringify(files)}) {
    const href = new URL(file, import.meta.url).href;
    if (linked.has(href)) continue;
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    loads.push(new Promise((done) => { link.onload = link.onerror = done; }));
    document.head.append(link);
  }
  return Promise.all(loads);
})();`;
}
