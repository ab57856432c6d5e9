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
    trades: [trade(500, 0.5), trade(-200, 1.2), trade(300, 3.9), trade(100, 9)],
    losses: 2,
    softBans: 0,
    requestMinutes: [0, 0, 0, 1, 3, 3],
  });

  it('adds profit up minute by minute (a buy after the span counts in its last minute)', () => {
    expect(side.profitByMinute).toEqual([500, 300, 300, 700]);
    expect(side.profit).toBe(700);
    expect(side.wins).toBe(4);
    expect(side.losses).toBe(2);
  });

  it('counts requests, their busiest minute and pace, and orders the best and worst trades', () => {
    expect(side.requests).toBe(6);
    expect(side.peakRequestsPerMinute).toBe(3);
    expect(side.requestsPerMinute).toBe(1.5);
    expect(side.best.map((entry) => entry.profit)).toEqual([500, 300, 100, -200]);
    expect(side.worst.map((entry) => entry.profit)).toEqual([-200, 100, 300, 500]);
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
