import { describe, expect, it } from 'vitest';
import { createClock } from '../core/clock.js';
import { worldOptionsSchema, type WorldOptionsInput } from '../core/config.js';
import { injectListing } from './admin.js';
import { scheduleSimBuyers } from './population.js';
import type { Trade } from './types.js';
import { World } from './world.js';

const start = Date.UTC(2026, 0, 1);
const worldWith = (input: WorldOptionsInput) =>
  new World(createClock({ speed: 0, start }), { seed: 9, ...input });

/** Share of a world's active listings priced under 80 % of the card's value. */
function mispricedShare(world: World): number {
  const trades = [...world.trades.values()];
  const cheap = trades.filter(
    (trade) => trade.buyNowPrice < 0.8 * world.values.value(trade.cardIndex, trade.platform, trade.listedAt),
  );
  return cheap.length / trades.length;
}

/** A listing a rival sniper will take after the world's reaction time; returns its state a minute later. */
function stateAfterAMinute(world: World): Trade['state'] {
  const card = world.cards.find((c) => c.quality === 'gold' && !c.special);
  if (!card) throw new Error('no gold card');
  const trade = injectListing(
    world,
    { definitionId: card.definitionId, platform: 'ps', buyNowPrice: 5_000, rivalSnipe: true },
    (listing, forceRival) => scheduleSimBuyers(world, listing, world.rng, forceRival),
  );
  world.clock.advance(60_000);
  world.catchUp();
  return trade.state;
}

describe('market knobs', () => {
  it('prices the tunable share of arriving listings far under value', () => {
    const fair = worldWith({ market: { initialListings: 2_000, mispricedShare: 0 } });
    const generous = worldWith({ market: { initialListings: 2_000, mispricedShare: 0.5 } });

    expect(mispricedShare(fair)).toBeLessThan(0.01);
    expect(mispricedShare(generous)).toBeGreaterThan(0.3);
  });

  it('lets rival snipers react after the tunable reaction time', () => {
    const quick = worldWith({ market: { initialListings: 0, rivalReactionSeconds: 3 } });
    const slow = worldWith({ market: { initialListings: 0, rivalReactionSeconds: 3_000 } });

    expect(stateAfterAMinute(quick)).toBe('closed');
    expect(stateAfterAMinute(slow)).toBe('active');
  });

  it('defaults the abuse rules and money to the documented values (GAME-PROTOCOL §5.2)', () => {
    const options = worldOptionsSchema.parse({});

    expect(options.abuse).toMatchObject({
      perMinute: 40,
      perHour: 1_000,
      strikesToSoftBan: 3,
      softBanMinutes: 30,
      captchaPerHour: 700,
      listingVisibilityDelaySeconds: 2,
      enabled: true,
    });
    expect(options.startingCoins).toBe(100_000);
    expect(options.sandboxAutoCreate).toBe(true);
  });
});
