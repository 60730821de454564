import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The shared 2-core machine can stall a user-event test past Vitest's 5 s default.
    testTimeout: 20_000,
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
