import { defaultFodderFilter, defaultRarityFilter, softBanRisk } from '@tradedesk/domain';
import { describe, expect, it } from 'vitest';
import { classicFilterOf, summariseSide } from './run-rehearsal.js';

const trade = (profit: number, minute: number) => ({
  playerName: `P${profit}`,
  buyPrice: 1_000,
  profit,
  minute,
});

describe('a rehearsal side, summarised', () => {
  const side = summariseSide({
    spanMinutes: 4,
    trades: [trade(500, 0.5), trade(-200, 1.2), trade(300, 3.9), trade(100, 9), trade(0, 2)],
    missed: 2,
    softBans: 0,
    requests: 6,
    peakRequestsPerMinute: 3,
  });

  it('adds profit up minute by minute (a buy after the span counts in its last minute)', () => {
    expect(side.profitByMinute).toEqual([500, 300, 300, 700]);
    expect(side.profit).toBe(700);
  });

  it('counts as wins and losses the purchases that made and lost coins; refused buys are missed', () => {
    expect(side.wins).toBe(3);
    expect(side.losses).toBe(1);
    expect(side.missed).toBe(2);
    // The lists agree with the counts: the best trades are wins, the worst are losses.
    expect(side.best.map((entry) => entry.profit)).toEqual([500, 300, 100]);
    expect(side.worst.map((entry) => entry.profit)).toEqual([-200]);
  });

  it('counts requests and their pace, and shows the game’s own peak', () => {
    expect(side.requests).toBe(6);
    expect(side.requestsPerMinute).toBe(1.5);
    expect(side.peakRequestsPerMinute).toBe(3);
  });

  it('a side that lost money overall shows it: no wins without a profitable trade', () => {
    const losing = summariseSide({
      spanMinutes: 2,
      trades: [trade(-300, 0), trade(-100, 1)],
      missed: 0,
      softBans: 0,
      requests: 2,
      peakRequestsPerMinute: 1,
    });
    expect(losing.profit).toBeLessThan(0);
    expect(losing.wins).toBe(0);
    expect(losing.losses).toBe(2);
    expect(losing.best).toEqual([]);
  });

  it('judges the soft-ban risk by the busiest minute and the hour’s pace against the limits', () => {
    const limits = { perMinute: 40, perHour: 1_000 };
    expect(softBanRisk({ ...side, peakRequestsPerMinute: 10, requestsPerMinute: 5 }, limits)).toBe('low');
    expect(softBanRisk({ ...side, peakRequestsPerMinute: 25, requestsPerMinute: 5 }, limits)).toBe('medium');
    expect(softBanRisk({ ...side, peakRequestsPerMinute: 10, requestsPerMinute: 15 }, limits)).toBe('high');
    expect(
      softBanRisk({ ...side, peakRequestsPerMinute: 1, requestsPerMinute: 1, softBans: 1 }, limits),
    ).toBe('high');
  });
});

describe('the classic autobuyer’s search', () => {
  it('is the 59th Minute filter’s criteria as one plain search', () => {
    const rarity = {
      ...defaultRarityFilter('Rares'),
      rarity: 'rare' as const,
      minPrice: 1_000,
      maxPrice: 9_000,
    };
    expect(classicFilterOf(rarity)).toMatchObject({
      type: 'normal',
      label: 'Rares',
      rarity: 'rare',
      maxPrice: 9_000,
    });
  });

  it('is the fodder filter’s quality and price range', () => {
    const fodder = defaultFodderFilter('Fodder');
    const classic = classicFilterOf({
      ...fodder,
      player: { ...fodder.player, quality: 'special', maxPrice: 4_000 },
    });
    expect(classic).toMatchObject({ type: 'normal', quality: 'special', maxPrice: 4_000 });
  });
});
