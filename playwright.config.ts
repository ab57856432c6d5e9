import { defineConfig } from '@playwright/test';

// Browser tests run in Debian's Chromium (never a downloaded browser build).
export default defineConfig({
  testDir: 'apps/web/e2e',
  timeout: 60_000,
  // Playwright's default of 5 s per assertion is below what a page needs on a loaded 2-core CI
  // machine (an API answer from the embedded database, a socket event); the limit only stops a hang.
  expect: { timeout: 20_000 },
  workers: 1,
  reporter: process.env.CI ? 'list' : 'list',
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
