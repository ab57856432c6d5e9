import type { Page } from '@playwright/test';
import { docScreenshot } from './support/doc-screenshot';
import { expect, test } from './support/fixtures';
import { createGameAccount } from './support/game-accounts';
import { signUpThroughCheckout } from './support/journey';
import { uniqueName } from './support/names';

const step = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Progress' }).getByRole('listitem', { name, exact: true });

/**
 * From zero: a visitor buys the Coin Transfer plan, adds two brand-new game accounts, picks a
 * player the seller's new club can trade, and the first transfer goes through to the Auto List
 * step. Nothing is set up outside the UI: a new sandbox account starts with a club (issue 26,
 * "First transfer fails: … Nothing in the product puts a card on a new account").
 */
test('a new user’s first transfer between two brand-new accounts reaches the Auto List step', async ({
  page,
}) => {
  // A sign-up, two game sign-ins, a club read, a listing and its purchase: minutes on a loaded machine.
  test.setTimeout(600_000);
  await signUpThroughCheckout(page, 'Coin Transfer — Season');
  await page.goto('/transfer');
  await expect(page.getByRole('heading', { name: 'Transfer between accounts' })).toBeVisible();

  const id = uniqueName();
  for (const [side, email] of [
    ['Seller', `seller.${id}@example.com`],
    ['Buyer', `buyer.${id}@example.com`],
  ] as const) {
    const panel = page.getByRole('region', { name: side, exact: true });
    await createGameAccount(page, panel, email);
    await panel.getByRole('combobox', { name: `${side} account` }).selectOption({ label: email });
  }
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();

  // The seller's club, read through its own session, offers the players it can trade.
  const filters = page.getByRole('region', { name: 'Filters' });
  await expect(filters.getByRole('heading', { name: /^Filters \(\d+ credits\)$/ })).toBeVisible();
  const tradeables = filters.getByRole('region', { name: 'Seller’s tradeable players' });
  await tradeables.getByRole('button', { name: 'Read club' }).click();
  const players = tradeables.getByRole('list', { name: 'Tradeable players' }).getByRole('button');
  await expect(players.first()).toBeVisible({ timeout: 180_000 });
  const pickedName = ((await players.first().textContent()) ?? '').replace(/ \(.*\)$/, '');
  await players.first().click();
  await expect(filters.getByLabel('Name', { exact: true })).toHaveValue(pickedName);
  await expect(filters.getByLabel('ID', { exact: true })).toHaveValue(/^\d+$/);
  await expect(filters.getByLabel('Rarity', { exact: true })).toHaveValue('rare');
  await expect(filters.getByLabel('Quality', { exact: true })).toHaveValue('gold');

  // 5,000 is inside a cheap rare gold's range and far above what simulated buyers pay for one.
  await filters.getByLabel('Label', { exact: true }).fill('First transfer');
  const buyNow = filters.getByLabel('Buy Now Price', { exact: true });
  await buyNow.fill('5000');
  await buyNow.blur();
  await expect(filters.getByLabel('Buyer Receives')).toHaveText('4,750');
  await filters.getByLabel('Enable Auto List (Buyer)').check();
  for (const [label, price] of [
    ['Bid Price', '5000'],
    ['Listing Buy Now Price', '6000'],
  ] as const) {
    const field = filters.getByLabel(label, { exact: true });
    await field.fill(price);
    await field.blur();
    await expect(field).toHaveValue(/^\d/);
  }
  await filters.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Updated filters')).toBeVisible();
  await filters.getByRole('button', { name: 'Proceed' }).click();

  await expect(step(page, 'Purchase Player')).toHaveAttribute('data-status', 'success', { timeout: 240_000 });
  await expect(step(page, 'List Player')).toHaveAttribute('data-status', 'success');
  await expect(step(page, 'Result')).toHaveAttribute('data-status', 'success', { timeout: 120_000 });
  await expect(step(page, 'Result')).not.toContainText('does not have a tradeable');
  await expect(step(page, 'Auto List')).toHaveAttribute('data-status', 'success', { timeout: 120_000 });
  // The buyer paid the 5,000 and the transfer cost one credit.
  await expect(page.getByLabel('Buyer coins')).toHaveText('95,000');
  // The top of the page (accounts, filter, progress): a full-page capture repeats the sticky header midway.
  await page.evaluate(() => window.scrollTo(0, 0));
  await docScreenshot(page, 'transfer-auto-list-light-desktop.png');
});
