import { describe, expect, it } from 'vitest';
import { createClock } from '../core/clock.js';
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
