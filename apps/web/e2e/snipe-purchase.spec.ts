import { expect, test } from './support/fixtures';
import { sandboxOf } from './support/sandbox-admin';
import { buyPlantedListing } from './snipe-planted-purchase';

// The server starts with SIM_ADMIN_KEY, so the test can plant a listing in its sandbox game.
test.use({ withSandboxAdmin: true });

test('a snipe buys a planted underpriced card: the notice shows, coins go down and profit appears without a reload', async ({
  page,
  server,
}) => {
  // A real sign-in, search and purchase, waited for step by step (up to 30 s each): more than
  // the default 60 s budget on a busy machine.
  test.slow();
  await buyPlantedListing(page, server, {
    // Unique: the sandbox game keeps each e-mail's account (and its coins) for the server's life.
    email: `buyer.${Date.now().toString(36)}@example.com`,
    stepTimeoutMs: 30_000,
    // No profit is shown while it is zero.
    whileSearching: (row) => expect(row.getByText(/^[+-]\d/)).toHaveCount(0),
  });
  // The admin key opened the sandbox game's admin API but never reached the server's output.
  expect(server.output()).not.toContain(sandboxOf(server).adminKey);
});
