import { defineConfig } from '@playwright/test';

// Drives the running platform (started by the test runner, never by this config) in Debian's Chromium.
export default defineConfig({
  testDir: './tests',
  workers: 1,
  retries: 0,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The journeys of firefox.spec.ts drive Firefox ESR themselves (puppeteer-core over WebDriver
  // BiDi); every other spec drives Chromium.
  projects: [
    { name: 'chromium', testIgnore: 'firefox.spec.ts' },
    { name: 'firefox-esr', testMatch: 'firefox.spec.ts' },
  ],
  use: {
    baseURL: process.env.BASE_URL ?? 'http://localhost:3000',
    trace: 'off',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
