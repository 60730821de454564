import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
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
