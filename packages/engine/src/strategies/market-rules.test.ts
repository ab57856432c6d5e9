import { timeRange } from '@tradedesk/domain';
import { describe, expect, it } from 'vitest';
import { configuration, listing, normalFilter, ScriptedMarket, sessionHarness } from '../testing/index.js';

const EXCLUDED = 20_801;
const CAPPED = 30_000;
const FREE = 40_000;

/** Every search offers the same three cheap cards, cheapest first: excluded, capped, free. */
const marketOfThree = () =>
  new ScriptedMarket({
    coins: 10_000_000,
    onSearch: (_search, index) => ({
      auctions: [
        listing({ tradeId: index * 10 + 1, buyNowPrice: 500, definitionId: EXCLUDED }),
        listing({ tradeId: index * 10 + 2, buyNowPrice: 600, definitionId: CAPPED }),
        listing({ tradeId: index * 10 + 3, buyNowPrice: 700, definitionId: FREE }),
      ],
    }),
  });

function runWithMarket(market: { isExclusionPurchaseEnabled: boolean }) {
  const base = configuration({ time: { duration: timeRange(2, 3, 'minutes'), maxSearches: 3 } });
  return sessionHarness({
    market: marketOfThree(),
    filters: [normalFilter({ name: '', playerId: undefined, maxPrice: 1_000 })],
    configuration: {
      ...base,
      market: {
        ...market,
        players: [
          { id: EXCLUDED, name: 'Cristiano Ronaldo', price: 0, isExcluded: true },
          { id: CAPPED, name: 'Capped Player', price: 550, isExcluded: false },
        ],
      },
    },
  });
}

const boughtIds = (harness: ReturnType<typeof sessionHarness>) =>
  harness.sink.ofType('snipe-result').map((event) => event.report.playerId);

describe('market configuration player rules', () => {
  it('never buys an excluded player, nor one above its price, while exclusion purchase is on', async () => {
    const harness = runWithMarket({ isExclusionPurchaseEnabled: true });
    await harness.session.run();
    expect(boughtIds(harness).length).toBeGreaterThan(0);
    expect(new Set(boughtIds(harness))).toEqual(new Set([FREE]));
  });

  it('ignores the list while exclusion purchase is off', async () => {
    const harness = runWithMarket({ isExclusionPurchaseEnabled: false });
    await harness.session.run();
    expect(boughtIds(harness)).toContain(EXCLUDED);
  });
});
