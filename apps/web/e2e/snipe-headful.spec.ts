import { buildExtension } from './support/extension';
import { expect, test } from './support/fixtures';
import { plantListing } from './support/sandbox-admin';
import { createAccountThroughForm, openSnipeDashboard } from './snipe-helpers';
import { savePlayerResaleFilter, startSnipe } from './snipe-run-helpers';

// Headful runs on (the e2e default turns them off), with the sandbox admin API to plant a listing.
test.use({ withSandboxAdmin: true, serverEnv: { HEADFUL_SESSIONS: 'on' } });
test.beforeAll(() => buildExtension());

/** Cristiano Ronaldo (86, rare gold) is worth ~9,400 in the sandbox: nothing of his lists under 1,000. */
const ronaldo = { definitionId: 20_801, name: 'Cristiano Ronaldo', rarity: 'Rare' };

test('a headful snipe buys a planted card through the web app window and the row updates live', async ({
  page,
  server,
}) => {
  // A real Chromium window per account (under Xvfb here) on top of the sign-in, search and purchase.
  test.slow();
  const email = `headful.${Date.now().toString(36)}@example.com`;
  await openSnipeDashboard(page, server.baseURL, 'buy');
  await createAccountThroughForm(page, { email });
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  // The Headless toggle is off by default: this run is headful.
  const row = await startSnipe(page, email, (dialog) =>
    savePlayerResaleFilter(dialog, {
      label: 'Ronaldo under 1K',
      player: ronaldo.name,
      rarity: ronaldo.rarity,
      maxPrice: 1_000,
      resale: { startPrice: 5_000, buyNowPrice: 6_000 },
    }),
  );
  await page.evaluate(() => document.documentElement.setAttribute('data-e2e-no-reload', 'yes'));

  await expect(row.getByText('ACTIVE', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(row.getByText('100K', { exact: true })).toBeVisible({ timeout: 30_000 });
  // A headful run says nothing about falling back to headless.
  await expect(row.getByText(/Headful mode is not available yet/)).toHaveCount(0);

  await plantListing(server, { definitionId: ronaldo.definitionId, platform: 'pc', buyNowPrice: 500 });

  // The same engine, the same reporting: 6,000 less the 5% tax, less the 500 paid = 5,200.
  await expect(page.getByText('Bought Cristiano Ronaldo for 500 (profit 5.2K)')).toBeVisible({
    timeout: 60_000,
  });
  await expect(row.getByText('99.5K', { exact: true })).toBeVisible();
  await expect(row.getByText('+5.2K', { exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-e2e-no-reload', 'yes');

  await row.getByRole('button', { name: 'Stop Snipe' }).click();
  await expect(page.getByText(`Snipe stopped for ${email}`)).toHaveCount(1);
  await expect(row.getByText('INACTIVE', { exact: true })).toBeVisible();
  // The agent ran it in a web app window, not over its own connection.
  expect(server.output()).toContain('headful (a web app window drives the run)');
});
