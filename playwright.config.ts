import { defineConfig } from '@playwright/test';

// Browser tests run in Debian's Chromium (never a downloaded browser build).
export default defineConfig({
  testDir: 'apps/web/e2e',
  timeout: 60_000,
  // Playwright's default of 5 s per assertion is below what a page needs on a loaded 2-core CI
  // machine (an API answer from the embedded database, a socket event); the limit only stops a hang.
  expect: { timeout: 20_000 },
  // One server per worker: two share the 2-core runner well (docs/decisions/testing.md).
  workers: 2,
  // On CI a failed test runs once more and is reported "flaky" if it then passes: a 2-core runner
  // under the suite's own load has made journeys of minutes miss a limit once in a run. A test that
  // fails twice fails the run (docs/decisions/testing.md).
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
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
