import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstView } from '../shell/build/firstView.ts';
import { precompress } from '../shell/build/precompress.ts';
import { consumedSingletons, federationParse } from '../shell/federation.shared.ts';

export default defineConfig(({ command }) => ({
  // Built files are served by the platform at /remotes/portal/.
  base: command === 'build' ? '/remotes/portal/' : '/',
  plugins: [
    federation({
      name: 'portal',
      filename: 'remoteEntry.js',
      exposes: { './App': './src/App.tsx' },
      // Runs only inside the shell, which provides every share: no fallback copies here.
      shared: consumedSingletons,
      shareStrategy: 'loaded-first',
      // Runs inside the shell, which provides the federation runtime (see shell/vite.config.ts).
      experiments: { externalRuntime: true },
      dts: false,
      ...federationParse,
    }),
    react(),
    firstView({
      entry: 'src/firstView/renderFirstView.tsx',
      needs: ['src/App.tsx'],
      preload: ['remoteEntry.js'],
    }),
    precompress(),
  ],
  server: { port: 4111, strictPort: true, origin: 'http://localhost:4111' },
  preview: { port: 4111, strictPort: true },
  build: { target: 'es2022' },
}));
