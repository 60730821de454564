import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstView } from './build/firstView.ts';
import { precompress } from './build/precompress.ts';
import { runtimeVersionOnly } from './build/runtimeVersionOnly.ts';
import { shareSeedsInTasks } from './build/shareSeedsInTasks.ts';
import { federationParse, sharedEntryImports, sharedSingletons } from './federation.shared.ts';

// Build-time defaults only; /config.js overrides the remote entry URLs at run time.
const portalEntry = process.env.PORTAL_ENTRY ?? '/remotes/portal/remoteEntry.js';
const adminEntry = process.env.ADMIN_ENTRY ?? '/remotes/admin/remoteEntry.js';

export default defineConfig({
  base: '/',
  plugins: [
    runtimeVersionOnly(),
    sharedEntryImports(),
    federation({
      name: 'shell',
      remotes: {
        portal: { type: 'module', name: 'portal', entry: portalEntry },
        admin_console: { type: 'module', name: 'admin_console', entry: adminEntry },
      },
      shared: sharedSingletons,
      shareStrategy: 'loaded-first',
      runtimePlugins: ['./src/federation/runtimeRemoteEntries.ts'],
      // The portal uses the shell's federation runtime instead of downloading a copy of its own.
      experiments: { provideExternalRuntime: true },
      // Remotes are named by their entry URL, never by a manifest: the runtime's snapshot support
      // (manifests, preloading by manifest, devtools) is left out of the bundle.
      disableSnapshot: true,
      dts: false,
      ...federationParse,
    }),
    shareSeedsInTasks(),
    react(),
    firstView({ entry: 'src/firstView/renderFirstView.tsx', needs: ['src/bootstrap.tsx'] }),
    precompress(),
  ],
  server: { port: 4110, strictPort: true },
  preview: { port: 4110, strictPort: true },
  build: { target: 'es2022', manifest: true },
});
