// @vitest-environment node
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptHash, sharedModules } from '../../build/sharedModules';

// Inside the shell, so the fixtures' bare imports resolve to the workspace's packages.
const work = fileURLToPath(
  new URL('../../node_modules/.cache/shared-modules-test/', import.meta.url),
);
const shared = {
  react: { commonJs: true },
  'react-dom/client': { commonJs: true },
  i18next: { hasDefault: true },
};

const files = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((file) => join(dir, file));
const read = (file: string) => readFileSync(file, 'utf8');

async function buildFixture(name: string, plugin: Parameters<typeof sharedModules>[0]) {
  const root = join(work, name);
  await build({
    configFile: false,
    root,
    logLevel: 'silent',
    base: `/${name}/`,
    plugins: [sharedModules(plugin)],
    build: { outDir: 'dist', emptyOutDir: true, minify: false },
  });
  return join(root, 'dist');
}

describe('sharedModules (federation by import maps)', () => {
  let provider: string;
  let remote: string;
  let standalone: string;
  beforeAll(async () => {
    rmSync(work, { recursive: true, force: true });
    mkdirSync(join(work, 'provider'), { recursive: true });
    mkdirSync(join(work, 'remote'), { recursive: true });
    writeFileSync(
      join(work, 'provider/index.html'),
      '<!doctype html><html><head></head><body><script type="module" src="./main.js"></script></body></html>',
    );
    writeFileSync(
      join(work, 'provider/main.js'),
      "import { createRoot } from 'react-dom/client';\nObject.assign(window, { createRoot, remote: () => import('remote/App') });\n",
    );
    writeFileSync(join(work, 'remote/style.css'), '.remote { color: red; }\n');
    writeFileSync(
      join(work, 'remote/App.js'),
      "import './style.css';\nimport i18next from 'i18next';\nimport { useState } from 'react';\nexport default () => [i18next, useState];\n",
    );
    // A remote that is also a page of its own (the admin console on its own origin): its page
    // imports the exposed module too, which then becomes a chunk remoteEntry.js re-exports.
    mkdirSync(join(work, 'console'), { recursive: true });
    writeFileSync(
      join(work, 'console/index.html'),
      '<!doctype html><html><head></head><body><script type="module" src="./standalone.js"></script></body></html>',
    );
    writeFileSync(join(work, 'console/standalone.js'), "import App from './App.js';\nApp();\n");
    writeFileSync(join(work, 'console/console.css'), '.console { color: blue; }\n');
    writeFileSync(
      join(work, 'console/App.js'),
      "import './console.css';\nimport { useState } from 'react';\nexport default () => [useState];\n",
    );
    provider = await buildFixture('provider', { shared, provide: true, runtime: ['remote/App'] });
    remote = await buildFixture('remote', { shared, expose: './App.js' });
    standalone = await buildFixture('console', { shared, provide: true, expose: './App.js' });
  }, 60_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("writes the provider's import map into its page, one built module per package", () => {
    const html = read(join(provider, 'index.html'));
    const map = /<script type="importmap">([^<]*)<\/script>/.exec(html)?.[1] ?? '';
    const imports = (JSON.parse(map) as { imports: Record<string, string> }).imports;
    expect(Object.keys(imports)).toEqual(Object.keys(shared));
    for (const url of Object.values(imports)) {
      expect(url).toMatch(/^\/provider\/assets\/shared\//);
      expect(files(provider)).toContain(join(provider, url.replace('/provider/', '')));
    }
    // The map comes before the page's module script, and its hash is written for the CSP.
    expect(html.indexOf('type="importmap"')).toBeLessThan(html.indexOf('type="module"'));
    expect(read(join(provider, 'import-map.sha256')).trim()).toBe(scriptHash(map));
  });

  it("provides React's CommonJS exports by name and keeps React one module", () => {
    const providers = files(join(provider, 'assets/shared'));
    const react = read(providers.find((file) => /shared\/react-[\w-]+\.js$/.test(file)) ?? '');
    expect(react).toMatch(/export \{[^}]*useState/);
    const client = read(providers.find((file) => file.includes('react-dom_client')) ?? '');
    expect(client).toMatch(/createRoot/);
    // React DOM's require('react') became an import of the shared package, never a copy or a
    // require() the browser cannot run.
    const all = files(provider)
      .filter((file) => file.endsWith('.js'))
      .map(read)
      .join('\n');
    expect(all).not.toMatch(/require\(["'`]react/);
    expect(all.match(/exports\.useState\s*=/g) ?? []).toHaveLength(1);
    expect(read(join(provider, 'index.html'))).toContain('"react-dom/client"');
  });

  it('leaves what another front end provides to the page: shared packages and remotes', () => {
    const main = files(join(provider, 'assets'))
      .filter((file) => /\/assets\/index-[\w-]+\.js$/.test(file))
      .map(read)
      .join('\n');
    expect(main).toMatch(/from ["']react-dom\/client["']/);
    expect(main).toMatch(/import\(["']remote\/App["']\)/);
  });

  it("builds a remote's remoteEntry.js on bare imports, linking its own styles", () => {
    const entry = read(join(remote, 'remoteEntry.js'));
    expect(entry).toMatch(/from ["']i18next["']/);
    expect(entry).toMatch(/from ["']react["']/);
    // Beside the entry, wherever the remote is served from (another origin too).
    expect(entry).toMatch(/"assets\/remoteEntry-[\w-]+\.css"/);
    expect(entry).toContain('import.meta.url');
    expect(files(remote).some((file) => file.includes('/assets/shared/'))).toBe(false);
    expect(files(remote).some((file) => file.endsWith('index.html'))).toBe(false);
  });

  it("links the exposed module's styles when its own page imports it too (a chunk of its own)", () => {
    const entry = read(join(standalone, 'remoteEntry.js'));
    const linked = /for \(const file of (\[[^\]]*\])\)/.exec(entry)?.[1] ?? '[]';
    const styles = JSON.parse(linked) as string[];
    expect(styles).toHaveLength(1);
    expect(read(join(standalone, styles[0]))).toContain('.console');
    // The entry waits for them before the shell renders the remote.
    expect(entry.indexOf('await')).toBeLessThan(entry.indexOf('export'));
  });
});
