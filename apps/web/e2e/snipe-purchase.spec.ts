import { expect, test } from './support/fixtures';
import { plantListing, sandboxOf } from './support/sandbox-admin';
import { createAccountThroughForm, openSnipeDashboard } from './snipe-helpers';
import { savePlayerResaleFilter, startSnipe } from './snipe-run-helpers';

// The server starts with SIM_ADMIN_KEY, so the test can plant a listing in its sandbox game.
test.use({ withSandboxAdmin: true });

/** Cristiano Ronaldo (86, rare gold) is worth ~9,400 in the sandbox: nothing of his lists under 1,000. */
const ronaldo = { definitionId: 20_801, name: 'Cristiano Ronaldo', rarity: 'Rare' };

test('a snipe buys a planted underpriced card: the notice shows, coins go down and profit appears without a reload', async ({
  page,
  server,
}) => {
  // A real sign-in, search and purchase, waited for step by step (up to 30 s each): more than
  // the default 60 s budget on a busy machine.
  test.slow();
  // Unique: the sandbox game keeps each e-mail's account (and its coins) for the server's life.
  const email = `buyer.${Date.now().toString(36)}@example.com`;
  await openSnipeDashboard(page, server.baseURL, 'buy');
  await createAccountThroughForm(page, { email });
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  const row = await startSnipe(page, email, (dialog) =>
    savePlayerResaleFilter(dialog, {
      label: 'Ronaldo under 1K',
      player: ronaldo.name,
      rarity: ronaldo.rarity,
      maxPrice: 1_000,
      resale: { startPrice: 5_000, buyNowPrice: 6_000 },
    }),
  );
  // Marks the document: if the page reloaded, the mark would be gone.
  await page.evaluate(() => document.documentElement.setAttribute('data-e2e-no-reload', 'yes'));

  // A new sandbox account signs in with 100,000 coins; no profit is shown while it is zero.
  await expect(row.getByText('ACTIVE', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(row.getByText('100K', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(row.getByText(/^[+-]\d/)).toHaveCount(0);

  // Planted while the snipe searches, as a user rehearsing the filter would make one appear.
  await plantListing(server, {
    definitionId: ronaldo.definitionId,
    platform: 'pc',
    buyNowPrice: 500,
  });

  // Profit: the planned resale at 6,000 less the 5% tax, less the 500 paid = 5,200.
  await expect(page.getByText('Bought Cristiano Ronaldo for 500 (profit 5.2K)')).toBeVisible({
    timeout: 30_000,
  });
  await expect(row.getByText('99.5K', { exact: true })).toBeVisible();
  await expect(row.getByText('+5.2K', { exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-e2e-no-reload', 'yes');

  await row.getByRole('button', { name: 'Stop Snipe' }).click();
  await expect(page.getByText(`Snipe stopped for ${email}`)).toHaveCount(1);
  await expect(row.getByText('INACTIVE', { exact: true })).toBeVisible();
  // The admin key opened the sandbox game's admin API but never reached the server's output.
  expect(server.output()).not.toContain(sandboxOf(server).adminKey);
});
