import type { Page } from '@playwright/test';
import { expect, signInNewUser, test } from './support/fixtures';
import { createGameAccount, gameAccountSecrets } from './support/game-accounts';
import { uniqueName } from './support/names';
import { cardPricedBetween, simAdmin } from './support/sandbox-admin';
import type { RunningServer } from './support/server';

// The server starts with SIM_ADMIN_KEY: the test makes the two game accounts in its sandbox game.
test.use({ withSandboxAdmin: true });

const price = 100_000;

/**
 * A gold rare worth 45,000–60,000 on PC: a 100,000 transfer is far above what simulated buyers
 * pay for it and inside its price range.
 */
const transferCard = (server: RunningServer) =>
  cardPricedBetween(server, { rarity: 'rare', minPrice: 45_000, maxPrice: 60_000 });

/** A seller (with the card unless told otherwise) and a buyer with 250,000 coins in the sandbox game. */
async function sandboxAccounts(server: RunningServer, cardId: number, sellerHasCard = true) {
  const id = uniqueName();
  const seller = { email: `seller.${id}@example.com`, ...gameAccountSecrets, platform: 'pc', coins: 0 };
  const buyer = { email: `buyer.${id}@example.com`, ...gameAccountSecrets, platform: 'pc', coins: 250_000 };
  const created = await simAdmin<{ id: number }>(server, 'POST', '/accounts', seller);
  if (sellerHasCard)
    await simAdmin(server, 'POST', `/accounts/${created.id}/items`, {
      definitionId: cardId,
      count: 1,
      place: 'club',
    });
  await simAdmin(server, 'POST', '/accounts', buyer);
  return { seller: seller.email, buyer: buyer.email };
}

/** A Transfer-tier user with 3 credits on /transfer, with both accounts created through the panel. */
async function openTransferPage(
  page: Page,
  server: RunningServer,
  emails: { seller: string; buyer: string },
) {
  await signInNewUser(page, server.baseURL, {
    username: uniqueName('transfer'),
    tier: 'Transfer',
    linked: true,
    credits: 3,
  });
  await page.goto('/transfer');
  await expect(page.getByRole('heading', { name: 'Transfer between accounts' })).toBeVisible({
    timeout: 30_000,
  });
  for (const [side, email] of [
    ['Seller', emails.seller],
    ['Buyer', emails.buyer],
  ] as const) {
    const panel = page.getByRole('region', { name: side, exact: true });
    await createGameAccount(page, panel, email);
    await panel.getByRole('combobox', { name: `${side} account` }).selectOption({ label: email });
  }
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
}

/** Fills and saves the transfer filter, then proceeds. */
async function saveAndProceed(page: Page, card: { id: number; name: string }, label: string) {
  const filters = page.getByRole('region', { name: 'Filters' });
  await expect(filters.getByRole('heading', { name: 'Filters (3 credits)' })).toBeVisible();
  await filters.getByLabel('Label').fill(label);
  await filters.getByLabel('Rarity').selectOption('rare');
  await filters.getByLabel('Quality').selectOption('gold');
  await filters.getByLabel('ID', { exact: true }).fill(String(card.id));
  await filters.getByLabel('Name', { exact: true }).fill(card.name);
  const buyNow = filters.getByLabel('Buy Now Price', { exact: true });
  await buyNow.fill(String(price));
  await buyNow.blur();
  await expect(filters.getByLabel('Tax', { exact: true })).toHaveText('5,000');
  await expect(filters.getByLabel('Buyer Receives')).toHaveText('95,000');
  await filters.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Updated filters')).toBeVisible();
  await filters.getByRole('button', { name: 'Proceed' }).click();
}

const step = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Progress' }).getByRole('listitem', { name });

test('a transfer moves 100,000 coins from the buyer to the seller and costs exactly 1 credit', async ({
  page,
  server,
}) => {
  // Two sign-ins to the sandbox game, a listing, searches and a purchase: minutes on a busy machine.
  test.setTimeout(300_000);
  const card = await transferCard(server);
  const emails = await sandboxAccounts(server, card.id);
  await openTransferPage(page, server, emails);
  await expect(page.getByRole('region', { name: 'Coins Transferred' })).toContainText('0');

  await saveAndProceed(page, card, 'Move 100K');
  await expect(page.getByText('Data synced').first()).toBeVisible({ timeout: 60_000 });
  // The toast lasts 5 seconds and comes with the Result step: it is awaited first, the steps stay.
  await expect(page.getByText('Transfer completed')).toBeVisible({ timeout: 180_000 });
  await expect(step(page, 'Result')).toHaveAttribute('data-status', 'success');
  await expect(step(page, 'Sync')).toHaveAttribute('data-status', 'success');
  await expect(step(page, 'List Player')).toHaveAttribute('data-status', 'success');
  await expect(step(page, 'Purchase Player')).toHaveAttribute('data-status', 'success');

  // The buyer paid 100,000; the seller received 95,000 (the 5% tax is the seller's).
  await expect(page.getByLabel('Buyer coins')).toHaveText('150,000');
  await expect(page.getByLabel('Seller coins')).toHaveText('95,000');
  await expect(page.getByRole('heading', { name: 'Filters (2 credits)' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Coins Transferred' })).toContainText('100,000');
  await expect(page.getByRole('region', { name: 'Success Rates' })).toContainText('100.00%');
  // Auto List was off: the Current Session total grows only with auto-list on (spec 001 §4).
  await expect(page.getByRole('region', { name: 'Current Session' })).toContainText('Current Session0');
});

test('a failed transfer shows why on the Result step and charges nothing', async ({ page, server }) => {
  test.setTimeout(300_000);
  const card = await transferCard(server);
  const emails = await sandboxAccounts(server, card.id, false);
  await openTransferPage(page, server, emails);

  await saveAndProceed(page, card, 'No card');
  // The toast lasts 5 seconds and comes with the Result step: it is awaited first, the step stays.
  await expect(page.getByText('Transfer failed', { exact: true })).toBeVisible({ timeout: 180_000 });
  await expect(step(page, 'Result')).toHaveAttribute('data-status', 'failed');
  await expect(step(page, 'Result')).toContainText(`The seller does not have a tradeable ${card.name}`);
  await expect(page.getByRole('heading', { name: 'Filters (3 credits)' })).toBeVisible();
  await expect(page.getByLabel('Buyer coins')).toHaveText('250,000');
  await expect(page.getByRole('region', { name: 'Success Rates' })).toContainText('0.00%');
});
