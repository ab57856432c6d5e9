import { expect, test } from './support/fixtures';
import { createGameAccount } from './support/game-accounts';
import { signUpThroughCheckout } from './support/journey';
import { uniqueName } from './support/names';
import { plantListing } from './support/sandbox-admin';
import type { Page } from '@playwright/test';
import { savePlayerResaleFilter } from './snipe-run-helpers';

/** The accounts table's row of the account (the fleet run's table names its parts too). */
const accountRow = (page: Page, email: string) =>
  page.locator('table.snipe-table').getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });

// The server starts with SIM_ADMIN_KEY, so the test can plant a listing in its sandbox game.
test.use({ withSandboxAdmin: true });

/**
 * From zero: a new user buys the Snipe plan and two extra licences, adds three game accounts,
 * ticks them and starts them together: the dashboard shows ONE fleet run with three parts, and
 * the fleet buys a card planted under its price once, counted in its part and the fleet's total.
 * Issue 31.
 */
test('a new user starts three accounts together and sees one fleet run with three parts trading', async ({
  page,
  server,
}) => {
  // A sign-up, three purchases, three game sign-ins and a purchase: minutes on a loaded machine.
  // The limits only stop a hang.
  test.setTimeout(600_000);
  await signUpThroughCheckout(page, 'Snipe — Season');

  // The plan alone runs one account at a time: no Start Together yet, and the page says why.
  await page.goto('/snipe');
  await expect(page.getByText(/^Start Together needs two or more snipe licences/)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Start Together/ })).toHaveCount(0);

  // The plan runs one account at a time; two extra licences make three.
  for (let bought = 0; bought < 2; bought += 1) {
    await page.goto('/subscription');
    await expect(page.getByRole('button', { name: 'Apply' })).toBeEnabled({ timeout: 90_000 });
    await page
      .getByTestId('plan-table')
      .getByRole('button', { name: 'Buy Extra snipe licence', exact: true })
      .click();
    await expect(page.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
    await page.getByRole('button', { name: /^Pay €/ }).click();
    await expect(page.getByText('Your purchase has been added to your account.')).toBeVisible();
  }

  await page.goto('/snipe');
  await expect(page.getByRole('heading', { name: 'Snipe', exact: true })).toBeVisible();
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  const emails = ['one', 'two', 'three'].map((name) => `${uniqueName(`fleet.${name}.`)}@example.com`);
  for (const email of emails) {
    await createGameAccount(page, page, email);
    await expect(accountRow(page, email).getByText('INACTIVE', { exact: true })).toBeVisible();
  }
  for (const email of emails) await page.getByLabel(`Select ${email}`).check();

  await page.getByRole('button', { name: 'Start Together (3)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Snipe Configuration — 3 accounts together' });
  await savePlayerResaleFilter(dialog, {
    label: 'Ronaldo under 1K',
    player: 'Cristiano Ronaldo',
    rarity: 'Rare',
    maxPrice: 1_000,
    resale: { startPrice: 5_000, buyNowPrice: 6_000 },
  });
  await dialog.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  for (const email of emails) await expect(page.getByText(`Starting snipe for ${email}`)).toHaveCount(1);

  // One fleet run, three parts, each signed in and sniping.
  const fleet = page.getByRole('region', { name: /^Fleet run/ });
  await expect(fleet).toHaveCount(1);
  await expect(fleet).toHaveAttribute('aria-label', 'Fleet run · 3 accounts · PC');
  await expect(fleet.locator('tbody tr')).toHaveCount(3);
  await expect(fleet.locator('tbody').getByText('ACTIVE', { exact: true })).toHaveCount(3, {
    timeout: 180_000,
  });

  // Planted while the fleet searches: one of its accounts buys it, and only one.
  await plantListing(server, { definitionId: 20_801, platform: 'pc', buyNowPrice: 500 });
  await expect(page.getByText('Bought Cristiano Ronaldo for 500 (profit 5,200)')).toHaveCount(1, {
    timeout: 180_000,
  });
  const total = fleet.locator('tfoot tr');
  await expect(total.locator('th').nth(2)).toHaveText('1');
  await expect(total.locator('th').nth(3)).toHaveText('+5.2K');
  await expect(fleet.locator('tbody').getByText('+5.2K', { exact: true })).toHaveCount(1);

  for (const email of emails)
    await accountRow(page, email).getByRole('button', { name: 'Stop Snipe' }).click();
  for (const email of emails)
    await expect(accountRow(page, email).getByText('INACTIVE', { exact: true })).toBeVisible({
      timeout: 60_000,
    });
  await expect(fleet).toHaveCount(0);
});
