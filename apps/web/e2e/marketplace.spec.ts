import type { Browser, Page } from '@playwright/test';
import { expect, signInNewUser, test } from './support/fixtures';
import { gameAccountSecrets } from './support/game-accounts';
import { uniqueName } from './support/names';
import { cardPricedBetween, simAdmin } from './support/sandbox-admin';
import type { RunningServer } from './support/server';

// The server starts with SIM_ADMIN_KEY: the test makes the game accounts in its sandbox game.
test.use({ withSandboxAdmin: true });

/**
 * A rare gold card worth 60,000–80,000 on PC: its price range takes a 150,000 delivery transfer,
 * far above what simulated buyers pay for it.
 */
const deliveryCard = (server: RunningServer) =>
  cardPricedBetween(server, { rarity: 'rare', minPrice: 60_000, maxPrice: 80_000 });

/** A signed-in user on their own browser context, with game accounts made through the API. */
async function trader(browser: Browser, server: RunningServer, name: string) {
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  await signInNewUser(page, server.baseURL, { username: uniqueName(name), tier: 'Transfer', linked: true });
  return { page, context };
}

async function addAccount(page: Page, email: string) {
  const response = await page.request.post('/api/account', {
    data: { email, ...gameAccountSecrets, platform: 'pc', isManualLogin: false },
  });
  expect(response.ok()).toBe(true);
}

test('user A lists 300,000 coins from two accounts; user B buys 200,000, pays, and receives them; A is paid minus the fee', async ({
  browser,
  server,
}) => {
  // Two sign-ins per transfer, two transfers, a sync of two accounts: minutes on a busy machine.
  test.setTimeout(600_000);
  const card = await deliveryCard(server);
  const id = uniqueName();
  const sellerEmails = [`market.a1.${id}@example.com`, `market.a2.${id}@example.com`];
  const buyerEmail = `market.b.${id}@example.com`;
  for (const email of sellerEmails)
    await simAdmin(server, 'POST', '/accounts', {
      email,
      ...gameAccountSecrets,
      platform: 'pc',
      coins: 150_000,
    });
  const buyerAccount = await simAdmin<{ id: number }>(server, 'POST', '/accounts', {
    email: buyerEmail,
    ...gameAccountSecrets,
    platform: 'pc',
    coins: 0,
  });
  // One copy of the card per delivery transfer (the buyer's account lists it each time).
  await simAdmin(server, 'POST', `/accounts/${buyerAccount.id}/items`, {
    definitionId: card.id,
    count: 2,
    place: 'club',
  });

  // User A: two accounts, balances synced from the game, one listing of both.
  const seller = await trader(browser, server, 'seller');
  for (const email of sellerEmails) await addAccount(seller.page, email);
  await seller.page.goto('/marketplace');
  await expect(seller.page.getByRole('heading', { name: 'Coin Marketplace' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(seller.page.getByText('No coin listings available')).toBeVisible();
  const overview = seller.page.getByRole('region', { name: 'Overview' });
  await expect(overview.getByLabel('Total accounts')).toHaveText('2');
  await seller.page.getByRole('button', { name: 'Sync balances' }).click();
  await expect(overview.getByLabel('Total balance')).toHaveText('300,000', { timeout: 120_000 });
  await seller.page.getByRole('button', { name: 'Create Listing' }).click();
  const create = seller.page.getByRole('dialog', { name: 'Create Listing' });
  await expect(create.getByLabel('Platform')).toHaveValue('pc');
  // Synced accounts show their club name; each option names its balance.
  for (let chosen = 0; chosen < 2; chosen += 1) {
    await expect(create.getByLabel('Add account').locator('option').nth(1)).toContainText('(150,000 coins)');
    await create.getByLabel('Add account').selectOption({ index: 1 });
  }
  // A chosen account is no longer offered.
  await expect(create.getByLabel('Add account').locator('option')).toHaveText(['No more accounts']);
  await create.getByLabel('Price (€ per 100,000 coins)').fill('2.50');
  await create.getByLabel('Minimum balance').fill('0');
  await create.getByRole('button', { name: 'Submit' }).click();
  await expect(seller.page.getByText('Listing created successfully')).toBeVisible();
  const sellerRow = seller.page.getByRole('region', { name: 'Coin listings' }).getByRole('row').nth(1);
  await expect(sellerRow).toContainText('285,000');
  await expect(sellerRow).toContainText('Yours');

  // User B: buys 200,000 for their account and pays in the sandbox checkout.
  const buyer = await trader(browser, server, 'buyer');
  await addAccount(buyer.page, buyerEmail);
  await buyer.page.goto('/marketplace');
  const row = buyer.page.getByRole('region', { name: 'Coin listings' }).getByRole('row').nth(1);
  await expect(row).toContainText('285,000');
  await row.getByRole('button', { name: 'Purchase' }).click();
  const purchase = buyer.page.getByRole('dialog', { name: 'Purchase Listing' });
  await expect(purchase.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await purchase.getByLabel('Coins').fill('200000');
  await purchase.getByLabel('Buyer account').selectOption({ label: buyerEmail });
  // More coins than listed are refused in the form.
  await purchase.getByLabel('Coins').fill('285001');
  await expect(purchase.getByRole('alert')).toHaveText('This listing can deliver at most 285,000 coins');
  await expect(purchase.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await purchase.getByLabel('Coins').fill('200000');
  // The delivery card, chosen by the player's name as in the transfer filter.
  await purchase.getByLabel('Rarity', { exact: true }).selectOption('rare');
  await purchase.getByLabel('Player', { exact: true }).fill(card.name);
  await purchase
    .getByRole('list', { name: 'Player suggestions' })
    .getByRole('button', { name: new RegExp(`^${card.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
    .first()
    .click();
  await expect(purchase.getByLabel('Delivery card')).toContainText(card.name);
  const sent = buyer.page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().includes('/api/market/coins/'),
  );
  await purchase.getByRole('button', { name: 'Submit' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ coins: 200_000, cardId: card.id });
  await buyer.page.getByRole('button', { name: 'Pay €5.00' }).click();
  await buyer.page.waitForURL((url) => url.pathname === '/marketplace');

  const order = buyer.page.getByRole('listitem', { name: 'Bought 200,000 coins (PC)' });
  await expect(order.getByText('Order has been submitted')).toBeVisible({ timeout: 30_000 });
  await expect(order.getByText('Transfer 1 of 2: card listed')).toBeVisible({ timeout: 240_000 });
  await expect(order.getByText('Delivered', { exact: true })).toBeVisible({ timeout: 400_000 });

  // B's account received at least 200,000 coins in the game.
  const inGame = await simAdmin<{ coins: number }>(server, 'GET', `/accounts/${buyerAccount.id}`);
  expect(inGame.coins).toBeGreaterThanOrEqual(200_000);

  // A sees the sale and a payout balance of the price minus the fee: floor(500 × 0.95 − 30) cents.
  await seller.page.getByRole('button', { name: 'Refresh' }).click();
  await expect(overview.getByLabel('Payout balance')).toHaveText('€4.45');
  await expect(seller.page.getByRole('listitem', { name: 'Sold 200,000 coins (PC)' })).toContainText(
    'Delivered',
  );
  await seller.context.close();
  await buyer.context.close();
});
