import { defaultNormalFilter } from '@tradedesk/domain';
import { stalePriceFor } from '@tradedesk/engine';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { currentPrices } from '../../src/db/schema-prices.js';
import { storeObservations } from '../../src/modules/prices/repo.js';
import { backends } from '../database.js';
import {
  createAccount,
  hubSuite,
  injectListing,
  ronaldoFilter,
  sniped,
  snipeConfiguration,
  startPayload,
} from './stack.js';
import { useStackAndBrowser } from './stack-hooks.js';

/** Buys under the price database's price less a 100-coin profit, and lists at that price. */
const atPriceSite = ronaldoFilter({
  minPrice: 0,
  maxPrice: 0,
  minProfit: { value: 100, unit: 'fixed' },
  followUp: { ...defaultNormalFilter().followUp, action: 'list_at_price_site_price', percentage: 100 },
});

// The agent of this stack has no price source of its own: it asks the server's price database.
describe.each(backends)("sniping reads and feeds the server's price database (%s)", hubSuite, (backend) => {
  const setup = useStackAndBrowser(backend, {}, { maxAccounts: 3 }, { prices: 'server' });

  // The agent caches answers for a few seconds per card and platform: the stale case uses PS.
  const setPrice = (price: number, observedAt: Date, platform: 'pc' | 'ps' = 'pc') =>
    setup.stack.database.db.transaction(async (tx) => {
      await tx
        .delete(currentPrices)
        .where(
          and(eq(currentPrices.definitionId, sniped.definitionId), eq(currentPrices.platform, platform)),
        );
      await storeObservations(tx as never, [
        { definitionId: sniped.definitionId, platform, source: 'futbin', price, observedAt },
      ]);
    });

  async function run(email: string, maxSearches: number, platform: 'pc' | 'ps' = 'pc') {
    const accountId = await createAccount(setup.browser.http, email, platform);
    const configuration = snipeConfiguration({ time: { maxSearches } });
    setup.browser.send('snipe-create-browser', startPayload(accountId, [atPriceSite], configuration));
    return accountId;
  }

  it("buys under the database's price and lists at it", async () => {
    await setPrice(1_200, new Date());
    await injectListing(setup.stack.sim, 500);
    const accountId = await run('db.price@example.com', 3);
    const result = await setup.browser.waitFor(
      (m) => m.action === 'snipe-result' && m.data.accountId === accountId,
      'the purchase',
    );
    expect(result.data).toMatchObject({ buyPrice: 500, sellPrice: 1_200, playerId: sniped.definitionId });
    await setup.browser.waitFor(
      (m) => m.action === 'stop' && m.data.accountId === accountId,
      'the run to end',
    );
  });

  it('does not buy on a stale price and says why', async () => {
    await setPrice(9_000, new Date(Date.now() - 60 * 60_000), 'ps');
    const accountId = await run('db.stale@example.com', 2, 'ps');
    const notice = await setup.browser.waitFor(
      (m) =>
        m.action === 'notification' &&
        /^Price for Cristiano Ronaldo is \d+ min old/.test(String(m.data.message)),
      'the stale-price notice',
    );
    const minutes = Number(/is (\d+) min old/.exec(String(notice.data.message))?.[1]);
    expect(minutes).toBeGreaterThanOrEqual(60);
    expect(notice.data.message).toBe(stalePriceFor(sniped.name, minutes * 60_000));
    setup.browser.send('snipe-stop', { id: accountId });
    await setup.browser.waitFor((m) => m.action === 'stop' && m.data.accountId === accountId, 'the stop');
    expect(
      setup.browser.messages.some((m) => m.action === 'snipe-result' && m.data.accountId === accountId),
    ).toBe(false);
  });

  it("stores the lowest Buy Now a session's search showed as the card's current price", async () => {
    // On PS: the 700 listing it leaves would otherwise be the PC purchase of the first test (tests run shuffled).
    const since = Date.now();
    await setPrice(9_000, new Date(since - 60 * 60_000), 'ps');
    await injectListing(setup.stack.sim, 700, 'ps');
    await injectListing(setup.stack.sim, 650, 'ps');
    // One search of a plain filter (no price needed): it sees both listings and buys the cheaper.
    const accountId = await createAccount(setup.browser.http, 'db.observe@example.com', 'ps');
    setup.browser.send(
      'snipe-create-browser',
      startPayload(accountId, [ronaldoFilter()], snipeConfiguration({ time: { maxSearches: 1 } })),
    );
    await setup.browser.waitFor(
      (m) => m.action === 'stop' && m.data.accountId === accountId,
      'the run to end',
    );
    // Observations are sent in batches after the search; wait (bounded) for this one to land.
    const deadline = Date.now() + 60_000;
    let row: { price: number; source: string; observedAt: Date } | undefined;
    while (Date.now() < deadline) {
      [row] = await setup.stack.database.db
        .select()
        .from(currentPrices)
        .where(and(eq(currentPrices.definitionId, sniped.definitionId), eq(currentPrices.platform, 'ps')));
      if (row?.source === 'live' && row.observedAt.getTime() >= since) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(row).toMatchObject({ price: 650, source: 'live' });
    expect(row?.observedAt.getTime()).toBeGreaterThanOrEqual(since);
  });
});

describe.each(backends)('a stricter PRICE_STALE_AFTER_MS reaches the sessions (%s)', hubSuite, (backend) => {
  const setup = useStackAndBrowser(
    backend,
    {},
    { maxAccounts: 1 },
    { prices: 'server', priceStaleAfterMs: 10 * 60_000 },
  );

  it("does not buy on a price older than the server's limit, though the engine alone would", async () => {
    // 12 minutes old: fresh by the engine's own 15-minute default, stale by this server's 10.
    const observedAt = new Date(Date.now() - 12 * 60_000 - 10_000);
    await storeObservations(setup.stack.database.db, [
      { definitionId: sniped.definitionId, platform: 'pc', source: 'futbin', price: 9_000, observedAt },
    ]);
    await injectListing(setup.stack.sim, 500);
    const accountId = await createAccount(setup.browser.http, 'db.limit@example.com');
    setup.browser.send(
      'snipe-create-browser',
      startPayload(accountId, [atPriceSite], snipeConfiguration({ time: { maxSearches: 2 } })),
    );
    // The age is the engine's wall-clock reading at its check: a slow machine may get there a
    // minute or two later, but still before the engine's own 15-minute limit.
    const notice = await setup.browser.waitFor(
      (m) =>
        m.action === 'notification' &&
        /^Price for Cristiano Ronaldo is \d+ min old/.test(String(m.data.message)),
      'the stale notice',
    );
    const minutes = Number(/is (\d+) min old/.exec(String(notice.data.message))?.[1]);
    expect(minutes).toBeGreaterThanOrEqual(12);
    expect(minutes).toBeLessThan(15);
    expect(notice.data.message).toBe(stalePriceFor(sniped.name, minutes * 60_000));
    setup.browser.send('snipe-stop', { id: accountId });
    await setup.browser.waitFor((m) => m.action === 'stop' && m.data.accountId === accountId, 'the stop');
    expect(setup.browser.messages.some((m) => m.action === 'snipe-result')).toBe(false);
  });
});
