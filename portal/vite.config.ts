import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstView } from '../shell/build/firstView.ts';
import { precompress } from '../shell/build/precompress.ts';
import { sharedModules } from '../shell/build/sharedModules.ts';
import { sharedModules as shared } from '../shell/federation.shared.ts';

export default defineConfig(({ command }) => ({
  // Built files are served by the platform at /remotes/portal/.
  base: command === 'build' ? '/remotes/portal/' : '/',
  plugins: [
    // Runs only inside the shell, on the shell's shared modules: it provides none of its own.
    sharedModules({ shared, expose: './src/App.tsx' }),
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
  build: {
    target: 'es2022',
    // The home page's small helpers (Vite's preloader, the deferred query, the reader's texts):
    // one file, not three, each carrying its own ~0.4 KB of headers (bench/README.md, "First page").
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'helpers',
              test: /preload-helper|[\\/]src[\\/]shared[\\/]useDeferredQuery\.ts$|[\\/]readerText\.ts$/,
            },
          ],
        },
      },
    },
  },
}));
