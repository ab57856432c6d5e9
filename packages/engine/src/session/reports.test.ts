import { describe, expect, it } from 'vitest';
import { defaultFollowUp, logEntrySchema, snipeResultReportSchema } from '@tradedesk/domain';
import { listing } from '../testing/index.js';
import { describeAttempt, listingTimeMs, plannedSellPrice } from './reports.js';

describe('snipe result reports', () => {
  const auction = listing({
    tradeId: 1,
    buyNowPrice: 8_000,
    definitionId: 50_352_445,
    expires: 3_560,
    rareflag: 3,
  });
  const valuation = { playerName: 'Test Striker', marketPrice: 12_000 };

  it('reports a buy with sell price, the 5% tax and the profit after tax', () => {
    const { report, logEntry } = describeAttempt({
      accountId: 'account-1',
      platform: 'ps',
      auction,
      valuation,
      sellPrice: 12_000,
      isQuickSell: false,
    });
    expect(report).toEqual({
      buyerId: 'account-1',
      platform: 'console',
      playerId: 50_352_445,
      playerName: 'Test Striker',
      buyPrice: 8_000,
      sellPrice: 12_000,
      tax: 600,
      value: 3_400,
      listingTime: 40_000,
    });
    expect(snipeResultReportSchema.parse(report)).toEqual(report);
    expect(logEntrySchema.parse(logEntry)).toEqual(logEntry);
    expect(logEntry).toEqual({
      accountId: 'account-1',
      playerId: 50_352_445,
      playerName: 'Test Striker',
      buyPrice: 8_000,
      sellPrice: 12_000,
      rarity: 3,
      platform: 'ps',
      isSuccess: true,
      type: 'snipe',
      listingTime: 40_000,
    });
  });

  it('reports a lost snipe as a failure with its error code and no value', () => {
    const { report, logEntry } = describeAttempt({
      accountId: 'account-1',
      platform: 'pc',
      auction,
      valuation,
      sellPrice: 12_000,
      isQuickSell: false,
      errorCode: 478,
    });
    expect(report).toMatchObject({ sellPrice: 0, tax: 0, value: 0, errorCode: 478, platform: 'pc' });
    expect(logEntry).toMatchObject({ isSuccess: false, errorCode: 478 });
  });

  it('with Mask Snipes, hides the name in the shared report but keeps it in the log entry', () => {
    const { report, logEntry } = describeAttempt({
      accountId: 'a',
      platform: 'pc',
      auction,
      valuation,
      sellPrice: 0,
      isQuickSell: false,
      maskName: true,
    });
    expect(report.playerName).toBe('*****');
    expect(logEntry.playerName).toBe('Test Striker');
  });

  it('a quick sale pays no tax', () => {
    const { report } = describeAttempt({
      accountId: 'a',
      platform: 'pc',
      auction,
      valuation,
      sellPrice: 700,
      isQuickSell: true,
    });
    expect(report).toMatchObject({ sellPrice: 700, tax: 0, value: -7_300 });
  });

  it('plans the sell price from the follow-up', () => {
    const base = defaultFollowUp();
    expect(
      plannedSellPrice(
        { ...base, action: 'list_on_transfer_list', startPrice: 9_000, buyNowPrice: 9_900 },
        valuation,
        650,
      ),
    ).toBe(9_900);
    expect(
      plannedSellPrice({ ...base, action: 'list_at_price_site_price', percentage: 90 }, valuation, 650),
    ).toBe(10_750);
    expect(plannedSellPrice({ ...base, action: 'quick_sell' }, valuation, 650)).toBe(650);
    expect(plannedSellPrice(base, valuation, 650)).toBe(12_000);
  });

  it('derives the time since listing from the seconds left, assuming the shortest duration that fits', () => {
    expect(listingTimeMs(3_540)).toBe(60_000);
    expect(listingTimeMs(10_000)).toBe(800_000);
    expect(listingTimeMs(0)).toBeUndefined();
    expect(listingTimeMs(-1)).toBeUndefined();
  });
});
