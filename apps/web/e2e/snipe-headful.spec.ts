import { buildExtension } from './support/extension';
import { expect, test } from './support/fixtures';
import { buyPlantedListing } from './snipe-planted-purchase';

// Headful runs on (the e2e default turns them off), with the sandbox admin API to plant a listing.
test.use({ withSandboxAdmin: true, serverEnv: { HEADFUL_SESSIONS: 'on' } });
test.beforeAll(() => buildExtension());

test('a headful snipe buys a planted card through the web app window and the row updates live', async ({
  page,
  server,
}) => {
  // A real Chromium window per account (under Xvfb here) on top of the sign-in, search and purchase.
  test.slow();
  // The Headless toggle is off by default: this run is headful.
  await buyPlantedListing(page, server, {
    email: `headful.${Date.now().toString(36)}@example.com`,
    stepTimeoutMs: 60_000,
    // A headful run says nothing about falling back to headless.
    whileSearching: (row) => expect(row.getByText(/Headful mode is not available yet/)).toHaveCount(0),
  });
  // The agent ran it in a web app window, not over its own connection.
  expect(server.output()).toContain('headful (a web app window drives the run)');
});
