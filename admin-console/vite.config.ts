import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../shell/build/precompress.ts';
import { sharedEntryImports, sharedSingletons } from '../shell/federation.shared.ts';

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
      shared: sharedSingletons,
      shareStrategy: 'loaded-first',
      dts: false,
    }),
    react(),
    precompress(),
  ],
  server: { port: 4112, strictPort: true, origin: 'http://localhost:4112' },
  preview: { port: 4112, strictPort: true },
  build: { target: 'es2022' },
}));
