import { expect, type Locator, type Page } from '@playwright/test';
import { plantListing } from './support/sandbox-admin';
import type { RunningServer } from './support/server';
import { createAccountThroughForm, openSnipeDashboard } from './snipe-helpers';
import { savePlayerResaleFilter, startSnipe } from './snipe-run-helpers';

/** Cristiano Ronaldo (86, rare gold) is worth ~9,400 in the sandbox: nothing of his lists under 1,000. */
const ronaldo = { definitionId: 20_801, name: 'Cristiano Ronaldo', rarity: 'Rare' };

/**
 * The purchase journey the headless and headful specs share: a new account snipes Ronaldo under
 * 1,000 with a resale at 6,000; once the row shows it active with its 100,000 coins, `whileSearching`
 * checks the row and a listing of 500 is planted; the notice, the coins and the profit then show
 * without a reload, and Stop ends the run. `stepTimeoutMs` bounds each wait for the run.
 */
export async function buyPlantedListing(
  page: Page,
  server: RunningServer,
  options: { email: string; stepTimeoutMs: number; whileSearching: (row: Locator) => Promise<void> },
): Promise<void> {
  const { email, stepTimeoutMs } = options;
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

  // A new sandbox account signs in with 100,000 coins.
  await expect(row.getByText('ACTIVE', { exact: true })).toBeVisible({ timeout: stepTimeoutMs });
  await expect(row.getByText('100K', { exact: true })).toBeVisible({ timeout: 30_000 });
  await options.whileSearching(row);

  // Planted while the snipe searches, as a user rehearsing the filter would make one appear.
  await plantListing(server, { definitionId: ronaldo.definitionId, platform: 'pc', buyNowPrice: 500 });

  // Profit: the planned resale at 6,000 less the 5% tax, less the 500 paid = 5,200.
  await expect(page.getByText('Bought Cristiano Ronaldo for 500 (profit 5,200)')).toBeVisible({
    timeout: stepTimeoutMs,
  });
  await expect(row.getByText('99.5K', { exact: true })).toBeVisible();
  await expect(row.getByText('+5.2K', { exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-e2e-no-reload', 'yes');

  await row.getByRole('button', { name: 'Stop Snipe' }).click();
  await expect(page.getByText(`Snipe stopped for ${email}`)).toHaveCount(1);
  await expect(row.getByText('INACTIVE', { exact: true })).toBeVisible();
}
