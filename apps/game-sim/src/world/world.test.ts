import { describe, expect, it } from 'vitest';
import { createClock } from '../core/clock.js';
import { feedPrices, PROVIDERS } from './feeds.js';
import { World } from './world.js';

function snapshot(seed: number) {
  const world = new World(createClock({ speed: 0, start: Date.UTC(2026, 0, 1) }), {
    seed,
    market: { initialListings: 200 },
  });
  world.clock.advance(30 * 60_000);
  world.catchUp();
  return {
    listings: [...world.trades.values()].map((trade) => [
      trade.cardIndex,
      trade.buyNowPrice,
      trade.expiresAt,
      trade.state,
    ]),
    value: world.values.value(100, 'pc', world.now()),
  };
}

describe('seeded world', () => {
  it('replays the same market for the same seed and a different one for another seed', () => {
    expect(snapshot(3)).toEqual(snapshot(3));
    expect(snapshot(3).listings).not.toEqual(snapshot(4).listings);
  });

  it('replays the same listings and price feeds for a seed whatever wall-clock instant it starts at', () => {
    // What a client sees, in time since the world started: the bench's virtual hour starts at the
    // real time of the run, so only these may decide its figures.
    function seen(start: number) {
      const world = new World(createClock({ speed: 0, start }), {
        seed: 7,
        market: { initialListings: 200 },
      });
      const since = (time: number) => time - start;
      const steps = [];
      for (const minutes of [3, 11, 17, 29]) {
        world.clock.advance(minutes * 60_000);
        world.catchUp();
        const feeds = PROVIDERS.map((provider) =>
          feedPrices(world, provider, 'pc', world.now())
            .slice(0, 2_000)
            .map((row) => [row.definitionId, row.price, since(row.updatedAt)]),
        );
        steps.push(feeds);
      }
      const listings = [...world.trades.values()].map((trade) => [
        trade.cardIndex,
        trade.buyNowPrice,
        since(trade.expiresAt),
        trade.state,
      ]);
      return { steps, listings };
    }
    const midnight = Date.UTC(2026, 0, 1);
    expect(seen(midnight + 7 * 60_000 + 123)).toEqual(seen(midnight));
  });

  it('lists the same cards at the same times however often clients make it catch up', () => {
    // A busy client makes the world catch up every few seconds, an idle one once: the listings of
    // the half hour (what a benchmark's oracle counts) must not depend on which one was playing.
    function listingsOfHalfHour(stepsMs: readonly number[]) {
      const world = new World(createClock({ speed: 0, start: Date.UTC(2026, 0, 1) }), {
        seed: 7,
        market: { initialListings: 2_000 },
      });
      const listed: (string | number)[][] = [];
      const openTrade = world.openTrade.bind(world);
      world.openTrade = (trade) => {
        openTrade(trade);
        listed.push([trade.tradeId, trade.platform, trade.cardIndex, trade.buyNowPrice, trade.listedAt]);
      };
      for (const step of stepsMs) {
        world.clock.advance(step);
        world.catchUp();
      }
      return listed;
    }
    const busy = Array.from({ length: 600 }, (_unused, call) => 1_000 + (call % 7) * 331);
    const halfHour = busy.reduce((sum, step) => sum + step, 0);
    const busyListings = listingsOfHalfHour(busy);
    expect(busyListings.length).toBeGreaterThan(100);
    expect(listingsOfHalfHour([halfHour])).toEqual(busyListings);
  });

  it('adds synthetic Ratings Reload and Cornerstones versions marked as synthetic', () => {
    const world = new World(createClock({ speed: 0 }), { market: { initialListings: 0 } });
    const synthetic = world.cards.filter((card) => card.synthetic);
    expect(new Set(synthetic.map((card) => card.rarityId))).toEqual(new Set([22, 150]));
    expect(synthetic.every((card) => card.definitionId % 16_777_216 === card.baseId)).toBe(true);
    expect(world.cards.length).toBeGreaterThan(18_547);
  });

  it('moves values over virtual days and keeps PC and console apart', () => {
    const world = new World(createClock({ speed: 0 }), { market: { initialListings: 0 } });
    const today = world.values.rawValue(0, 'ps', world.now());
    const later = world.values.rawValue(0, 'ps', world.now() + 5 * 86_400_000);
    expect(later).not.toBe(today);
    expect(world.values.rawValue(0, 'pc', world.now())).not.toBe(today);
  });
});

describe('a world started from given values (a rehearsal seeded from the price database)', () => {
  it("starts the named cards' market at those values and leaves the others as the seed makes them", () => {
    const clock = () => createClock({ speed: 0, start: Date.UTC(2026, 0, 1) });
    const plain = new World(clock(), { seed: 5, market: { initialListings: 0 } });
    const ronaldo = 20_801;
    const seeded = new World(clock(), { seed: 5, market: { initialListings: 0 } }, [
      { definitionId: ronaldo, pc: 12_000, ps: 10_000 },
    ]);
    const index = seeded.cardIndexByDefinition.get(ronaldo) ?? -1;
    expect(seeded.values.value(index, 'ps', seeded.now())).toBe(10_000);
    expect(seeded.values.value(index, 'pc', seeded.now())).toBe(12_000);
    expect(plain.values.value(index, 'ps', plain.now())).not.toBe(10_000);
    expect(seeded.values.value(100, 'pc', seeded.now())).toBe(plain.values.value(100, 'pc', plain.now()));
  });
});

describe('a world populated for one platform (a rehearsal trades on one)', () => {
  it('lists only on that platform, at start and as listings arrive, with the same arrivals there', () => {
    const clock = () => createClock({ speed: 0, start: Date.UTC(2026, 0, 1) });
    // Nobody buys: which arrivals are still listed depends on the draws of arrivals alone.
    const market = { initialListings: 300, rivalCatchShare: 0, humanBuyShare: 0 };
    const both = new World(clock(), { seed: 9, market });
    const pcOnly = new World(clock(), { seed: 9, market: { ...market, platforms: ['pc' as const] } });
    const platforms = (world: World) => new Set([...world.trades.values()].map((trade) => trade.platform));
    expect(platforms(pcOnly)).toEqual(new Set(['pc']));
    expect(pcOnly.index.activeCount('pc')).toBe(300);
    expect(pcOnly.index.activeCount('ps')).toBe(0);

    const arrivals = (world: World) => {
      const before = new Set(world.trades.keys());
      world.clock.advance(10 * 60_000);
      world.catchUp();
      return [...world.trades.values()]
        .filter((trade) => !before.has(trade.tradeId) && trade.platform === 'pc')
        .map((trade) => [trade.cardIndex, trade.buyNowPrice, trade.listedAt]);
    };
    const pcArrivals = arrivals(pcOnly);
    expect(pcArrivals.length).toBeGreaterThan(0);
    expect(pcArrivals).toEqual(arrivals(both));
    expect(platforms(pcOnly)).toEqual(new Set(['pc']));
  });
});
