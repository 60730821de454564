import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, TestApp } from './support/test-app';

/** A built front end laid out as the real builds are (shell, portal and admin remotes). */
function fakeWebDir(): string {
  const root = mkdtempSync(join(tmpdir(), 'web-'));
  const write = (path: string, content: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  };
  write('shell/dist/index.html', '<!doctype html><title>shell</title>');
  write('shell/dist/assets/index-Ab12Cd34.js', 'console.log("shell")');
  write('portal/dist/remoteEntry.js', 'export const portal = 1;');
  write('portal/dist/assets/App-Zx98Yw76.js', 'export default 1;');
  write('admin-console/dist/remoteEntry.js', 'export const admin = 1;');
  return root;
}

describe('serving the web front ends', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { WEB_DIR: fakeWebDir() } });
  });
  afterAll(() => t.close());

  it('serves the shell at / and for deep links, never cached', async () => {
    for (const path of ['/', '/events/123', '/admin/tutorials', '/profile?tab=1']) {
      const res = await t.http.get(path).expect(200);
      expect(res.text).toContain('<title>shell</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year and remote entries not at all', async () => {
    const asset = await t.http.get('/assets/index-Ab12Cd34.js').expect(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const remoteAsset = await t.http.get('/remotes/portal/assets/App-Zx98Yw76.js').expect(200);
    expect(remoteAsset.headers['cache-control']).toContain('immutable');
    for (const entry of ['/remotes/portal/remoteEntry.js', '/remotes/admin/remoteEntry.js']) {
      const res = await t.http.get(entry).expect(200);
      expect(res.headers['cache-control']).toBe('no-cache');
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
