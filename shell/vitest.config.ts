import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Federated modules exist only at run time; tests mount stubs in their place.
const stub = (name: string) => fileURLToPath(new URL(`./test/${name}`, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      'portal/App': stub('PortalStub.tsx'),
      'admin_console/App': stub('AdminConsoleStub.tsx'),
    },
  },
  test: {
    // The shared 2-core machine can stall a user-event test past Vitest's 5 s default.
    testTimeout: 20_000,
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'worker/**/*.test.ts'],
  },
});
