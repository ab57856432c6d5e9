import { coinsRangeMessage, MAX_DELIVERABLE_COINS, MAX_PRICE, marketMessages } from '@tradedesk/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts, coinListingAccounts, coinListings } from '../../src/db/schema.js';
import { signedInUser, useTestApp, type Client } from '../helpers.js';
import { pathsOf, replaceAt } from './arbitraries.js';
import { endsTheSession, validAccount, validBodies } from './valid-bodies.js';

/** The values of issue 26: numbers no form should send and text no store should take. */
const HOSTILE_VALUES: ReadonlyArray<readonly [string, unknown]> = [
  ['999999999', 999_999_999],
  ['1e308', 1e308],
  ['2^53', 9_007_199_254_740_992],
  ['-1', -1],
  ['"NaN"', 'NaN'],
  ['1 MB of text', 'x'.repeat(1_000_000)],
  ['NUL', '\u0000'],
  ['a lone surrogate', '\ud800'],
];

/** The whole sweep is one test: it only turns a hang into a failure on a loaded machine. */
const sweepTimeoutMs = 600_000;
/** Two users, their accounts and a listing, on a loaded machine. */
const setupTimeoutMs = 60_000;

describe('hostile values on every route with a body never stall the event loop (PGlite)', () => {
  const t = useTestApp('pglite');
  let client: Client;
  let listingId: string;
  let purchase: Record<string, unknown>;

  beforeAll(async () => {
    // As the server does before it listens (main.ts): the card index takes about a second to build,
    // once, and a filter's player check would otherwise build it inside the first request measured.
    await t.app.priceDatabase.service.warmUp();
    ({ client } = await signedInUser(t.app, { tier: 'transfer', linked: true, maxAccounts: 3 }));
    const buyerAccountId: string = (await client.post('/api/account', validAccount)).body.data.id;
    // Someone else's open listing promising two billion coins: a purchase of 999,999,999 once
    // walked the price ladder without end (issue 26).
    const seller = await signedInUser(t.app, { tier: 'transfer', linked: true });
    const sellerAccountId: string = (
      await seller.client.post('/api/account', { ...validAccount, email: 'seller@example.com' })
    ).body.data.id;
    const { db } = t.database;
    const [sellerRow] = await db.select().from(accounts).where(eq(accounts.id, sellerAccountId));
    await db.update(accounts).set({ coins: 2_100_000_000 }).where(eq(accounts.id, sellerAccountId));
    const [listing] = await db
      .insert(coinListings)
      .values({
        userId: sellerRow!.userId,
        platform: 'pc',
        priceCents: 250,
        minimumBalance: 0,
        createdAt: new Date(),
      })
      .returning();
    listingId = listing!.id;
    await db
      .insert(coinListingAccounts)
      .values({ listingId, accountId: sellerAccountId, promisedCoins: 2_000_000_000, position: 0 });
    purchase = { ...(validBodies['POST /api/market/coins/:id'] as object), buyerAccountId };
  }, setupTimeoutMs);

  const bodyOf = (route: string) =>
    route === 'POST /api/market/coins/:id' ? purchase : ((validBodies[route] as object | undefined) ?? {});

  const send = (method: string, url: string, payload: unknown) =>
    t.app.inject({
      method: method as 'POST',
      url,
      headers: { cookie: client.cookie ?? '', 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });

  /** Sends a body and says whether the loop stalled meanwhile by the server's own work (not a wait for a CPU). */
  const sendMeasured = async (method: string, url: string, payload: unknown) => {
    t.app.eventLoop.resetPeak();
    const stallsBefore = t.app.eventLoop.delay().stalls;
    const answer = await send(method, url, payload);
    const { peakMs } = t.app.eventLoop.delay();
    t.app.eventLoop.resetPeak(); // its check sorts the delay seen into a stall or a wait for a CPU
    return { answer, peakMs, stalled: t.app.eventLoop.delay().stalls > stallsBefore };
  };

  it(
    'answers every hostile value without a stall past 200 ms, and the next request too',
    async () => {
      const routes = t.app.routeTable.filter(
        ({ method, url }) =>
          method !== 'GET' && method !== 'DELETE' && !endsTheSession.has(`${method} ${url}`),
      );
      expect(routes.length).toBeGreaterThan(20);
      const stalls: string[] = [];
      for (const { method, url: pattern } of routes) {
        const route = `${method} ${pattern}`;
        const url = pattern.replace(/:[A-Za-z]+/g, () => listingId);
        const sample = bodyOf(route);
        for (const path of pathsOf(sample)) {
          for (const [name, value] of HOSTILE_VALUES) {
            const where = `${route} ${path.join('.') || '(body)'} = ${name}`;
            const body = replaceAt(sample, path, value);
            const { answer, peakMs, stalled } = await sendMeasured(method, url, body);
            // A stall the value causes comes back when it is sent again; one from a pause of the
            // process (a collection of its garbage, a page-in) does not.
            if (stalled) {
              const again = await sendMeasured(method, url, body);
              if (again.stalled)
                stalls.push(`${where}: ${Math.round(peakMs)} ms, then ${Math.round(again.peakMs)} ms`);
            }
            expect(answer.statusCode, where).toBeLessThan(500);
            expect((await t.app.inject({ method: 'GET', url: '/api/app/health' })).statusCode, where).toBe(
              200,
            );
          }
        }
      }
      expect(stalls).toEqual([]);
    },
    sweepTimeoutMs,
  );

  it('refuses 999,999,999 and 1e308 in coins fields with a plain sentence', async () => {
    const filter = validBodies['POST /api/filter'] as object;
    for (const maxPrice of [999_999_999, 1e308]) {
      const answer = await client.post('/api/filter', { ...filter, maxPrice });
      expect(answer).toMatchObject({ status: 400, body: { message: coinsRangeMessage(MAX_PRICE) } });
    }
    const listing = await client.post('/api/market/coins', {
      ...(validBodies['POST /api/market/coins'] as object),
      minimumBalance: 1e308,
    });
    expect(listing).toMatchObject({
      status: 400,
      body: { message: 'Minimum balance must be a whole number from 0 to 500,000,000' },
    });
    const bought = await client.post(`/api/market/coins/${listingId}`, { ...purchase, coins: 999_999_999 });
    expect(bought).toMatchObject({
      status: 400,
      body: { message: marketMessages.coinsAboveListing(MAX_DELIVERABLE_COINS) },
    });
  });
});
