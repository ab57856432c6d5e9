import { nextPrice } from '@tradedesk/domain';
import { WEB_APP_TEST_IDS, type WebAppWindow } from '@tradedesk/domain/web-app';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '../src/index.js';
import { placeBid } from '../src/world/trading.js';
import type { Account } from '../src/world/types.js';
import { admin } from './helpers.js';

const KEY = 'web-browser-key';
let sim: RunningSim;
let browser: Browser;
let page: Page;
let account: Account;

/** Every `data-testid` the page has rendered since it opened, in any view (see `recordTestIds`). */
const renderedTestIds = new Set<string>();

/**
 * Watches the page's DOM from its first parse on and reports each `data-testid` the first time it
 * appears, so the tests below also prove which of the contract's controls the page renders.
 */
async function recordTestIds(): Promise<void> {
  await page.exposeBinding('reportTestIds', (_source, ids: string[]) => {
    for (const id of ids) renderedTestIds.add(id);
  });
  await page.addInitScript({
    content: `{
      const seen = new Set();
      const record = () => {
        const fresh = [];
        for (const element of document.querySelectorAll('[data-testid]')) {
          const id = element.dataset.testid;
          if (seen.has(id)) continue;
          seen.add(id);
          fresh.push(id);
        }
        if (fresh.length > 0) window.reportTestIds(fresh);
      };
      new MutationObserver(record).observe(document, { childList: true, subtree: true });
    }`,
  });
}

const byTestId = (id: string) => page.getByTestId(id);
const coins = async () => Number(await byTestId('coins').innerText());

/** The sandbox's sign-in pages, as a person would walk them from the web app's Sign in button. */
async function signIn(email: string, backupCode: string): Promise<void> {
  await page.goto(`${sim.url}/web-app/`);
  await byTestId('sign-in').click();
  await page.locator('#email').fill(email);
  await page.locator('#password').fill('pw');
  await page.locator('#logInBtn').click();
  await page.locator('#btnSendCode').click();
  await page.locator('#oneTimeCode').fill(backupCode);
  await page.locator('#btnSubmit').click();
  await page.locator('main[data-view="home"]').waitFor();
}

async function plant(name: string, buyNowPrice: number): Promise<{ tradeId: number; definitionId: number }> {
  const card = sim.world.cards.find((candidate) => candidate.name === name) ?? sim.world.card(0);
  const planted = await admin(sim, KEY, 'POST', '/listings', {
    definitionId: card.definitionId,
    platform: 'ps',
    buyNowPrice,
  });
  sim.world.clock.advance(5_000);
  return { tradeId: planted.json.tradeIds[0], definitionId: card.definitionId };
}

beforeAll(async () => {
  sim = await startSim({
    seed: 7,
    adminKey: KEY,
    clock: { speed: 0 },
    market: { initialListings: 300, humanBuyShare: 0, rivalCatchShare: 0 },
  });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  page = await browser.newPage();
  page.setDefaultTimeout(15_000);
  await recordTestIds();
  await signIn('browser@example.com', 'WEBAPP01');
  account = [...sim.world.accounts.values()].find((candidate) => candidate.email === 'browser@example.com')!;
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await sim?.close();
});

describe('sandbox web app in Chromium', { timeout: 60_000 }, () => {
  it('signs in through the game sign-in pages and shows the club and its coins', async () => {
    expect(await coins()).toBe(100_000);
    expect(await byTestId('club-name').innerText()).toBe(account.clubName);
    const repository = await page.evaluate(() => (globalThis as unknown as WebAppWindow).repositories.User);
    expect(repository).toMatchObject({ signedIn: true, coins: 100_000, platform: 'ps' });
  });

  it('searches by a suggested name and max Buy Now, selects the listing and buys it', async () => {
    const { tradeId } = await plant('Kylian Mbappé', 10_000);
    await byTestId('nav-market').click();
    await byTestId('search-name').fill('Mbapp');
    await byTestId('search-name-suggestion').filter({ hasText: 'Kylian Mbappé' }).click();
    await byTestId('search-max-buy-now').fill('10000');
    await byTestId('search-submit').click();
    const row = page.locator(`[data-testid="result-row"][data-trade-id="${tradeId}"]`);
    await row.click();
    await expect.poll(() => row.getAttribute('aria-selected')).toBe('true');
    await byTestId('buy-now').click();
    await byTestId('dialog-confirm').click();
    await expect.poll(coins).toBe(90_000);
    await expect
      .poll(() => byTestId('toast').innerText())
      .toBe('Purchase successful: bought for 10000 coins.');
    // The bought card stays selected with what an owner can do with it.
    await byTestId('send-to-transfer-list').waitFor();
    expect(account.unassigned.length).toBe(1);
  });

  it('lists the bought card from the unassigned pile at ladder prices', async () => {
    await byTestId('nav-unassigned').click();
    await byTestId('pile-row').first().click();
    const item = sim.world.items.get(account.unassigned[0]!)!;
    const { minPrice } = sim.world.values.limits(item.cardIndex, 'ps', sim.world.now());
    const buyNow = nextPrice(nextPrice(minPrice));
    await byTestId('list-start-price').fill(String(minPrice));
    await byTestId('list-buy-now-price').fill(String(buyNow + 1));
    await byTestId('list-start-price').click(); // leaving the field snaps it to the ladder
    expect(await byTestId('list-buy-now-price').inputValue()).toBe(String(buyNow));
    await byTestId('list-submit').click();
    await expect
      .poll(() => byTestId('toast').innerText())
      .toBe(`Listed on the transfer market for ${buyNow} coins.`);
    await byTestId('pile-empty').waitFor();
    await byTestId('nav-transfer-list').click();
    const listed = page.locator('[data-testid="pile-row"][data-state="active"]');
    await expect.poll(() => listed.count()).toBe(1);
    expect(await listed.getAttribute('data-buy-now')).toBe(String(buyNow));
  });

  it('quick sells an unassigned card for its discard value', async () => {
    const card = sim.world.cards.find((candidate) => candidate.rating >= 80 && !candidate.special)!;
    const granted = await admin(sim, KEY, 'POST', `/accounts/${account.id}/items`, {
      definitionId: card.definitionId,
    });
    const before = account.coins;
    await byTestId('nav-unassigned').click();
    await page.locator(`[data-testid="pile-row"][data-item-id="${granted.json.itemIds[0]}"]`).click();
    await byTestId('quick-sell').click();
    await byTestId('dialog-confirm').click();
    await expect.poll(coins).toBe(before + card.discardValue);
    await byTestId('pile-empty').waitFor();
  });

  it('watches a listing and shows it on the transfer targets pile', async () => {
    const { tradeId } = await plant('Erling Haaland', 50_000);
    await byTestId('nav-market').click();
    await byTestId('search-reset').click();
    await byTestId('search-name').fill('Haaland');
    await byTestId('search-max-buy-now').fill('50000');
    await byTestId('search-submit').click();
    await page.locator(`[data-testid="result-row"][data-trade-id="${tradeId}"]`).click();
    await byTestId('watch').click();
    await byTestId('unwatch').waitFor();
    await byTestId('nav-targets').click();
    await page.locator(`[data-testid="pile-row"][data-trade-id="${tradeId}"]`).waitFor();
  });

  it('pages through results twenty at a time', async () => {
    await byTestId('nav-market').click();
    await byTestId('search-reset').click();
    await byTestId('search-submit').click();
    await expect.poll(() => byTestId('result-row').count()).toBe(20);
    const first = await byTestId('result-row').first().getAttribute('data-trade-id');
    await byTestId('results-next').click();
    await expect
      .poll(() => page.evaluate(() => (globalThis as unknown as WebAppWindow).webApp.view.page))
      .toBe(1);
    expect(await byTestId('result-row').first().getAttribute('data-trade-id')).not.toBe(first);
    expect(await byTestId('results-previous').isEnabled()).toBe(true);
  });

  it('shows the captcha screen when the game asks for one, and goes on once solved', async () => {
    account.captchaPending = true;
    await byTestId('nav-transfer-list').click();
    await byTestId('captcha-view').waitFor();
    await byTestId('solve-captcha').click();
    await page.locator('main[data-view="home"]').waitFor();
    expect(account.captchaPending).toBe(false);
  });

  it('shows the soft-ban screen with the game code', async () => {
    sim.world.abuse.ban(account, sim.world.now(), 521, 5);
    await byTestId('nav-market').click();
    await byTestId('search-submit').click();
    await byTestId('soft-ban-view').waitFor();
    expect(await byTestId('soft-ban-code').innerText()).toBe('521');
    account.softBan = undefined;
  });

  it("answers page scripts through window.services with the game's own answers", async () => {
    const answer = await page.evaluate(() =>
      (globalThis as unknown as WebAppWindow).services.Market.bid(999_999_999, 200),
    );
    expect(answer).toMatchObject({ success: false, status: 478 });
  });

  // Last: the tests above walked the views; this one reaches the states they leave out (waiting
  // on the view, not on the ids under test), then checks the page against the contract that
  // headful runs and the add-on drive it by.
  it('renders every control WEB_APP_TEST_IDS names', async () => {
    // A search nothing matches.
    await byTestId('nav-market').click();
    await byTestId('search-reset').click();
    await byTestId('search-name').fill('Haaland');
    await byTestId('search-max-buy-now').fill('200');
    await byTestId('search-submit').click();
    await page.locator('main[data-view="market-results"]').waitFor();
    // A sold entry on the transfer list (the card listed above, bought by a rival).
    const listed = [...sim.world.trades.values()].find(
      (trade) => trade.sellerId === account.id && trade.state === 'active',
    )!;
    const rival = sim.world.createAccount({
      email: 'rival@example.com',
      password: 'pw',
      backupCode: 'RIVAL001',
      platform: 'ps',
    });
    sim.world.setCoins(rival, listed.buyNowPrice);
    sim.world.clock.advance(60_000);
    placeBid(sim.world, rival, listed.tradeId, listed.buyNowPrice);
    await byTestId('nav-transfer-list').click();
    await page.locator(`[data-testid="pile-row"][data-trade-id="${listed.tradeId}"]`).click();
    await page.locator(`#item-detail[data-trade-id="${listed.tradeId}"]`).waitFor();
    // The market locked for the account.
    account.marketLocked = true;
    await byTestId('nav-market').click();
    await byTestId('search-submit').click();
    await page.locator('main[data-view="market-locked"]').waitFor();
    account.marketLocked = false;

    const missing = Object.values(WEB_APP_TEST_IDS).filter((id) => !renderedTestIds.has(id));
    expect(missing).toEqual([]);
  });
});
