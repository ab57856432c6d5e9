import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '../src/index.js';
import { admin, game, signIn, type WireJson } from './helpers.js';

let sim: RunningSim;

beforeAll(async () => {
  sim = await startSim({
    seed: 1,
    clock: { speed: 0 },
    adminKey: 'session-admin-key',
    market: { initialListings: 8_000, mispricedShare: 0.5, rivalReactionSeconds: 3 },
    abuse: { perMinute: 60 },
  });
});
afterAll(async () => {
  await sim.close();
});

/** A short seeded sniping session against the sandbox: the same seed gives the same story. */
describe('seeded sniping session', () => {
  it('wins some snipes and loses others to rival snipers, with coins accounted for', async () => {
    const session = await signIn(sim, 'sniper@example.com', 'pw', 'SNIPE001');
    const feed = (await (await fetch(`${sim.hosts.feeds}/futbin/prices?platform=ps`)).json()) as {
      prices: { definitionId: number; price: number }[];
    };
    const reference = new Map(feed.prices.map((row) => [row.definitionId, row.price]));
    let wins = 0;
    let losses = 0;
    const query = (page: number, cycle: number) =>
      `transfermarket?num=21&start=${page * 20}&type=player&rarityIds=1&minb=${200 + (cycle % 5) * 50}&maxb=5000`;
    // Newest listings sit on the last pages (ordered by time remaining): find the end once.
    let lastPage = 0;
    for (;;) {
      sim.world.clock.advance(1_500);
      const probe = await game(sim, session.sid, 'GET', query(lastPage, 0));
      if (probe.json.auctionInfo.length < 21) break;
      lastPage += 1;
    }
    for (let cycle = 1; cycle <= 60; cycle += 1) {
      sim.world.clock.advance(5_000);
      for (let page = Math.max(0, lastPage - 1); ; page += 1) {
        const result = await game(sim, session.sid, 'GET', query(page, cycle));
        expect(result.status).toBe(200);
        const rows: WireJson[] = result.json.auctionInfo;
        for (const row of rows.slice(0, 20)) {
          const price = reference.get(row.itemData.resourceId);
          if (!price || row.buyNowPrice > price * 0.7) continue;
          sim.world.clock.advance(1_000); // the bot's reaction time
          const bought = await game(sim, session.sid, 'PUT', `trade/${row.tradeId}/bid`, {
            bid: row.buyNowPrice,
          });
          if (bought.status === 200) wins += 1;
          else if (bought.status === 461 || bought.status === 478) losses += 1;
        }
        if (rows.length < 21) {
          lastPage = page;
          break;
        }
      }
    }
    // A listing far below value that the bot only reaches after 20 s: a rival sniper was faster.
    const card =
      sim.world.cards.find((candidate) => candidate.rarityId === 1 && candidate.baseValue >= 5_000) ??
      sim.world.card(0);
    const injected = await admin(sim, 'session-admin-key', 'POST', '/listings', {
      definitionId: card.definitionId,
      platform: 'ps',
      buyNowPrice: Math.max(200, Math.round((card.baseValue * 0.4) / 100) * 100),
      rivalSnipe: true,
    });
    sim.world.clock.advance(20_000);
    const late = await game(sim, session.sid, 'PUT', `trade/${injected.json.tradeIds[0]}/bid`, {
      bid: Math.max(200, Math.round((card.baseValue * 0.4) / 100) * 100),
    });
    if (late.status === 461 || late.status === 478) losses += 1;
    expect(wins).toBeGreaterThan(0);
    expect(losses).toBeGreaterThan(0);
    const account = sim.world.accountByEmail('sniper@example.com');
    const me = `account:${account?.id}`;
    const net = sim.world.ledger
      .recent(100_000, account?.id)
      .reduce(
        (sum, entry) => sum + (entry.to === me ? entry.amount : 0) - (entry.from === me ? entry.amount : 0),
        0,
      );
    expect(account?.coins).toBe(net);
    expect(account?.unassigned.length).toBe(wins);
  }, 60_000);
});
