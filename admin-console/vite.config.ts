import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../shell/build/precompress.ts';
import { sharedModules } from '../shell/build/sharedModules.ts';
import { sharedModules as shared } from '../shell/federation.shared.ts';

// ADMIN_BASE lets the console be built for its own origin (e.g. ADMIN_BASE=/); the platform serves it at /remotes/admin/.
const base = process.env.ADMIN_BASE ?? '/remotes/admin/';

export default defineConfig(({ command }) => ({
  base: command === 'build' ? base : '/',
  plugins: [
    // Inside the shell it runs on the shell's shared modules; its own page (index.html, the
    // console on its own origin) provides them.
    sharedModules({ shared, provide: true, expose: './src/App.tsx' }),
    react(),
    precompress(),
  ],
  server: { port: 4112, strictPort: true, origin: 'http://localhost:4112' },
  preview: { port: 4112, strictPort: true },
  build: { target: 'es2022' },
}));
