import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../shell/build/precompress.ts';
import { shareSeedsInTasks } from '../shell/build/shareSeedsInTasks.ts';
import {
  federationParse,
  sharedEntryImports,
  sharedSingletons,
} from '../shell/federation.shared.ts';

// ADMIN_BASE lets the console be built for its own origin (e.g. ADMIN_BASE=/); the platform serves it at /remotes/admin/.
const base = process.env.ADMIN_BASE ?? '/remotes/admin/';

export default defineConfig(({ command }) => ({
  base: command === 'build' ? base : '/',
  plugins: [
    sharedEntryImports(),
    federation({
      name: 'admin_console',
      filename: 'remoteEntry.js',
      exposes: { './App': './src/App.tsx' },
      // react-i18next whole: its entry's own import sometimes resolved back to the share in this
      // build (the package left out, `initReactI18next` undefined). The build now checks its
      // entries as the shell's does (shell/scripts/build.mjs) and rebuilds such a bundle; inside
      // the shell the shell's react-i18next is used.
      shared: { ...sharedSingletons, 'react-i18next': { singleton: true, requiredVersion: false } },
      shareStrategy: 'loaded-first',
      dts: false,
      ...federationParse,
    }),
    shareSeedsInTasks(),
    react(),
    precompress(),
  ],
  server: { port: 4112, strictPort: true, origin: 'http://localhost:4112' },
  preview: { port: 4112, strictPort: true },
  build: { target: 'es2022' },
}));
