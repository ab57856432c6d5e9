import { describe, expect, it } from 'vitest';
import { timeRange } from '@tradedesk/domain';
import { configuration, listing, ScriptedMarket, sessionHarness } from '../testing/index.js';

/** No breaks within the test runs unless a test asks for them. */
const noBreaks = { break: { frequency: timeRange(10, 11, 'minutes'), duration: timeRange(1, 2, 'minutes') } };

describe('a snipe run ends for one of three reasons', () => {
  it('ends when the sniping duration is over: "Snipe finished. Execution time exceeded."', async () => {
    const { session, sink, clock } = sessionHarness({
      configuration: configuration({ time: { ...noBreaks, duration: timeRange(2, 3, 'minutes') } }),
    });
    const startedAt = clock.now();
    const summary = await session.run();
    expect(summary).toMatchObject({
      reason: 'execution-time',
      message: 'Snipe finished. Execution time exceeded.',
    });
    expect(clock.now() - startedAt).toBeGreaterThanOrEqual(2 * 60_000);
    expect(sink.ofType('stop')).toEqual([
      expect.objectContaining({
        reason: 'execution-time',
        message: 'Snipe finished. Execution time exceeded.',
      }),
    ]);
    expect(sink.ofType('account-update').at(-1)?.status).toBe('inactive');
  });

  it('ends when a threshold is reached: "Snipe finished. Thresholds limit exceeded."', async () => {
    const { session, sink, market } = sessionHarness({
      configuration: configuration({ time: { ...noBreaks, maxSearches: 5 } }),
    });
    const summary = await session.run();
    expect(summary.message).toBe('Snipe finished. Thresholds limit exceeded.');
    expect(market.searches).toHaveLength(5);
    expect(sink.ofType('account-update').at(-1)?.status).toBe('thresholds_met');
  });

  it('ends after the snipes threshold once enough cards were bought', async () => {
    const market = new ScriptedMarket({
      onSearch: (_search, index) => ({
        auctions: [listing({ tradeId: index + 1, buyNowPrice: 4_000, definitionId: 20_801 })],
      }),
    });
    const { session } = sessionHarness({
      market,
      configuration: configuration({ time: { ...noBreaks, maxSnipes: 3 } }),
    });
    expect(await session.run()).toMatchObject({ reason: 'thresholds', snipes: 3 });
    expect(market.club).toHaveLength(3);
  });

  it('with the coin check on, ends before searching when coins are below the filter max price', async () => {
    const market = new ScriptedMarket({ coins: 9_000 });
    const { session, sink } = sessionHarness({
      market,
      configuration: configuration({ advanced: { isCoinCheckEnabled: true } }),
    });
    const summary = await session.run();
    expect(summary.message).toBe('Snipe finished. Not enough coins to continue sniping.');
    expect(market.searches).toHaveLength(0);
    expect(sink.ofType('stop')[0]?.reason).toBe('not-enough-coins');
  });

  it('ends when the game refuses a Buy Now for lack of coins (470)', async () => {
    const market = new ScriptedMarket({
      onSearch: () => ({ auctions: [listing({ tradeId: 7, buyNowPrice: 4_000, definitionId: 20_801 })] }),
    }).failNext('bid', 470);
    const { session } = sessionHarness({ market });
    const summary = await session.run();
    expect(summary).toMatchObject({ reason: 'not-enough-coins', snipes: 0 });
    expect(summary.message).toBe('Snipe finished. Not enough coins to continue sniping.');
    expect(market.searches).toHaveLength(1);
  });
});
