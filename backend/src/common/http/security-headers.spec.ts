import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { securityHeadersKind } from './security-headers';

const repository = resolve(__dirname, '..', '..', '..', '..');
const FRONT_ENDS = ['shell', 'portal', 'admin-console', 'libs'];
const SKIPPED = new Set(['node_modules', 'dist', 'coverage']);

/** Every source file of the front ends (what a worker could be started from). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIPPED.has(name)) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(js|mjs|ts|tsx)$/.test(name) ? [path] : [];
  });
}

describe('securityHeadersKind', () => {
  it("gives a page's files the asset set, and documents, SVG and the API theirs", () => {
    for (const asset of [
      '/assets/shared/react-dom_client-Ab12Cd34.js',
      '/remotes/portal/assets/HomePage-Ab12Cd34.js?v=1',
      '/remotes/portal/remoteEntry.js',
      '/assets/bootstrap-Ab12Cd34.css',
      '/assets/noto-sans-ethiopic-400-Ab12Cd34.woff2',
      '/og-image.png',
      '/config.js',
    ]) {
      expect({ asset, kind: securityHeadersKind(asset) }).toEqual({ asset, kind: 'asset' });
    }
    for (const document of [
      '/',
      '/events',
      '/index.html',
      '/favicon.svg',
      '/api/docs',
      '/api/files/a.png',
    ]) {
      expect({ document, kind: securityHeadersKind(document) }).toEqual({
        document,
        kind: 'document',
      });
    }
    expect(securityHeadersKind('/api/events')).toBe('api');
  });

  it('keeps the document set, CSP included, on every script a front end starts as a worker', () => {
    const workers = FRONT_ENDS.flatMap((dir) => sources(join(repository, dir))).flatMap((file) =>
      [
        ...readFileSync(file, 'utf8').matchAll(
          /(?:new (?:Shared)?Worker\(|SERVICE_WORKER_URL =)\s*['"`]([^'"`]+)['"`]/g,
        ),
      ].map((match) => match[1]),
    );
    // The Intl warm-up (shell/public/page-scripts.js) and the service worker (libs/ui offline) at
    // least: a scan that finds none is broken.
    expect(workers).toEqual(expect.arrayContaining(['/intl-warmup.js', '/sw.js']));
    for (const worker of workers) {
      expect({ worker, kind: securityHeadersKind(worker) }).toEqual({ worker, kind: 'document' });
    }
  });
});
