import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { firstView } from './build/firstView.ts';
import { precompress } from './build/precompress.ts';
import { sharedModules } from './build/sharedModules.ts';
import { remoteModules, sharedModules as shared } from './federation.shared.ts';

export default defineConfig(({ command }) => ({
  base: '/',
  // In development one server runs the remotes' sources in place: one React, hot updates across.
  resolve:
    command === 'serve'
      ? {
          alias: {
            'portal/App': new URL('../portal/src/App.tsx', import.meta.url).pathname,
            'admin_console/App': new URL('../admin-console/src/App.tsx', import.meta.url).pathname,
          },
        }
      : undefined,
  plugins: [
    sharedModules({ shared, provide: true, runtime: remoteModules }),
    react(),
    firstView({ entry: 'src/firstView/renderFirstView.tsx', needs: ['src/bootstrap.tsx'] }),
    precompress(),
    // The site's service worker (worker/sw.ts, docs/adr/0071): Workbox, built with the shell, its
    // hashed files and fonts precached. Registered by the member pages that open offline (My
    // tickets, the door), never by a guest's first page.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'worker',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['assets/**/*.{js,css,woff2}'],
        // Hashed names: the browser's own cached copy is the right one, no cache-busting query.
        dontCacheBustURLsMatching: /-[A-Za-z0-9_-]{8}\.(js|css|woff2)$/,
      },
    }),
  ],
  server: { port: 4110, strictPort: true },
  preview: { port: 4110, strictPort: true },
  build: {
    target: 'es2022',
    manifest: true,
    // Every page loads these two small helpers (Vite's preloader, i18n's resource builder): one
    // file, not two, each with its own ~0.4 KB of response headers (bench/README.md, "First
    // page"). The CommonJS shim of a shared package (shared-module-required) must stay apart:
    // grouped with them, React DOM ran before it and the pages threw "r is not a function".
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'helpers',
              test: /preload-helper|[\\/]i18n[\\/]src[\\/]resources\.ts$/,
            },
          ],
        },
      },
    },
  },
}));
