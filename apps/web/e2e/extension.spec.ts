import { defaultShortcuts } from '@tradedesk/domain';
import type { Page } from '@playwright/test';
import { docScreenshot } from './support/doc-screenshot';
import {
  buildExtension,
  launchWithExtension,
  signInToWebApp,
  type ExtensionBrowser,
} from './support/extension';
import { expect as baseExpect, signInThroughForm, test } from './support/fixtures';
import { plantListing, sandboxOf } from './support/sandbox-admin';

// Every step waits for a real page, the add-on and the sandbox game on a shared machine.
const expect = baseExpect.configure({ timeout: 15_000 });

// The server starts with SIM_ADMIN_KEY, so the test can plant a listing in its sandbox game. Its
// desk prices stay as collected at start: the overlay is drawn once per row, and a collection
// between that and the test's own read of the price made them differ (9,000 against 9,400).
test.use({ withSandboxAdmin: true, serverEnv: { PRICE_COLLECT_INTERVAL_MS: '3600000' } });

/** Cristiano Ronaldo (86, rare gold): worth thousands in the sandbox, planted at 500. */
const ronaldo = { definitionId: 20_801, name: 'Cristiano Ronaldo' };

let browser: ExtensionBrowser;
test.beforeAll(() => buildExtension());
test.beforeEach(async () => {
  browser = await launchWithExtension();
});
test.afterEach(async () => browser?.close());

const view = (page: Page) => page.locator('main[data-view]');
const field = (page: Page, testId: string) => page.getByTestId(testId);

test("the add-on's keys alone search, buy and quick-sell a card, with the desk's keys and the price overlay", async ({
  server,
}) => {
  test.slow();
  const { context, extensionId } = browser;
  const desk = await context.newPage();

  // The user's own keys live on the desk: buy is on "x" instead of "b".
  await signInThroughForm(desk, server.demo);
  await expect(desk).toHaveURL(/\/snipe|\/transfer|\/$/);
  const keys = defaultShortcuts();
  const saved = await desk.request.put(`${server.baseURL}/api/user/shortcuts`, {
    data: { ...keys, market: { ...keys.market, buy: 'x' } },
  });
  expect(saved.status()).toBe(200);

  // The options page syncs them with the desk session of this browser.
  const options = await context.newPage();
  await options.goto(`chrome-extension://${extensionId}/options.html`);
  await options.getByLabel('Desk address').fill(server.baseURL);
  await options.getByRole('button', { name: 'Sync from desk' }).click();
  await expect(options.getByRole('status')).toHaveText('Synced your shortcuts from the desk');
  await expect(options.getByLabel('Buy key')).toHaveValue('x');

  const sandbox = sandboxOf(server);
  const page = await context.newPage();
  await signInToWebApp(page, sandbox.url, `addon.${Date.now().toString(36)}@example.com`);
  await expect(page.locator('html')).toHaveAttribute('data-tradedesk-addon', 'ready');

  // "?" lists the keys, the user's buy key included; Escape closes the list.
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toContainText('Quick sell');
  await expect(help.locator('dt', { hasText: /^x$/ })).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
  await expect(view(page)).toHaveAttribute('data-view', 'home');

  // General area: "a" opens the transfer market.
  await page.keyboard.press('a');
  await expect(view(page)).toHaveAttribute('data-view', 'market-search');

  // Price steps move along the game's ladder; "r" resets the form.
  for (const [up, down, testId] of [
    ['i', 'u', 'search-min-bid'],
    ['p', 'o', 'search-max-bid'],
    ['j', 'h', 'search-min-buy-now'],
  ] as const) {
    await page.keyboard.press(up);
    await page.keyboard.press(up);
    await expect(field(page, testId)).toHaveValue('200');
    await page.keyboard.press(down);
    await expect(field(page, testId)).toHaveValue('150');
  }
  await page.keyboard.press('r');
  for (const testId of ['search-min-bid', 'search-max-bid', 'search-min-buy-now'])
    await expect(field(page, testId)).toHaveValue('');

  // An open search: pages and selection with the arrows, "y" back to the form.
  await page.keyboard.press('s');
  await expect(view(page)).toHaveAttribute('data-view', 'market-results');
  const rows = page.getByTestId('result-row');
  await expect(rows).toHaveCount(20);
  // The live market moves on between pages, so the page number tells where the list is.
  const shownPage = () =>
    page.evaluate(() => (globalThis as unknown as { webApp: { view: { page?: number } } }).webApp.view.page);
  await page.keyboard.press('ArrowRight');
  await expect.poll(shownPage).toBe(1);
  await page.keyboard.press('ArrowLeft');
  await expect.poll(shownPage).toBe(0);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowUp');
  await expect(rows.nth(0)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('y');
  await expect(view(page)).toHaveAttribute('data-view', 'market-search');

  // Typing in a field never fires a key ("Cristiano" holds an "s" and an "a").
  const { tradeIds } = await plantListing(server, {
    definitionId: ronaldo.definitionId,
    platform: 'ps',
    buyNowPrice: 500,
  });
  await field(page, 'search-name').click();
  await page.keyboard.type('Cristiano');
  await expect(view(page)).toHaveAttribute('data-view', 'market-search');
  await page.getByTestId('search-name-suggestion').filter({ hasText: ronaldo.name }).click();

  // Max Buy Now 500 with "l" alone: 150, 200 … 500.
  for (let step = 0; step < 8; step += 1) await page.keyboard.press('l');
  await expect(field(page, 'search-max-buy-now')).toHaveValue('500');
  await page.keyboard.press('k');
  await page.keyboard.press('l');
  await expect(field(page, 'search-max-buy-now')).toHaveValue('500');
  // A new listing shows on the market after the game's short delay: search again ("y", "s") until it does.
  // Each round waits for its search's results, however slow, before it looks for the listing.
  const planted = page.locator(`[data-testid="result-row"][data-trade-id="${tradeIds[0]}"]`);
  await expect(async () => {
    if ((await view(page).getAttribute('data-view')) === 'market-results') await page.keyboard.press('y');
    await expect(view(page)).toHaveAttribute('data-view', 'market-search');
    await page.keyboard.press('s');
    await expect(view(page)).toHaveAttribute('data-view', 'market-results');
    expect(await planted.count()).toBe(1);
  }).toPass({ timeout: 60_000 });

  // The overlay: the desk's console price, the profit after the 5% tax at 500, the price sites.
  const entry = await (
    await fetch(`${server.baseURL}/api/player-data?id=${ronaldo.definitionId}&rarity=1`)
  ).json();
  const price = entry.data.ps.current as number;
  const overlay = planted.locator('.tradedesk-price');
  await expect(overlay.locator('[data-field="price"]')).toHaveText(
    `Console price ${price.toLocaleString('en-US')}`,
  );
  const profit = Math.floor((price * 95) / 100) - 500;
  await expect(overlay.locator('[data-field="profit"]')).toHaveText(
    `Profit +${profit.toLocaleString('en-US')} after tax`,
  );
  await expect(overlay.getByRole('link')).toHaveText(['FUTBIN', 'FUTWIZ', 'FUT.GG']);

  // Buy with the user's own key (twice: Buy Now asks first), then quick sell with "q", "q".
  await page.keyboard.press('ArrowDown');
  await expect(planted).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('item-detail').locator('.tradedesk-price')).toBeVisible();
  await docScreenshot(page, 'sandbox-web-app-addon-overlay.png');
  await page.keyboard.press('b');
  await expect(page.getByTestId('dialog')).not.toBeVisible();
  await page.keyboard.press('x');
  await expect(page.getByTestId('dialog')).toBeVisible();
  await page.keyboard.press('x');
  await expect(page.getByTestId('toast')).toHaveText('Purchase successful: bought for 500 coins.');
  await expect(page.getByTestId('coins')).toHaveText('99500');
  await page.keyboard.press('q');
  await expect(page.getByTestId('dialog')).toBeVisible();
  await page.keyboard.press('q');
  await expect(page.getByTestId('toast')).toHaveText(/^Quick sold for \d+ coins\.$/);

  // Escape goes home; with shortcuts switched off in the options, keys do nothing.
  await page.keyboard.press('Escape');
  await expect(view(page)).toHaveAttribute('data-view', 'home');
  await options.bringToFront();
  await options.getByLabel('Enable shortcuts').uncheck();
  await options.getByRole('button', { name: 'Save' }).click();
  await expect(options.getByRole('status')).toHaveText('Saved');
  await page.bringToFront();
  await page.keyboard.press('a');
  await expect(page.getByTestId('nav-market')).toBeVisible();
  await expect(view(page)).toHaveAttribute('data-view', 'home');
});
