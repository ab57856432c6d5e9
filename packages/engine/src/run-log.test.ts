import {
  defaultNormalFilter,
  failedToFetchMarketPriceFor,
  requestFailed,
  runLogMessages,
  timeRange,
  tooManyResultsFor,
  unableToFindDetailsFor,
  unableToFindPlayerInRarity,
  type FollowUp,
  type SnipeFilter,
} from '@tradedesk/domain';
import { NetworkError } from '@tradedesk/game-client';
import { describe, expect, it } from 'vitest';
import type { PricePort } from './ports.js';
import {
  configuration,
  listing,
  normalFilter,
  rarityFilter,
  ScriptedMarket,
  sessionHarness,
  StaticPrices,
} from './testing/index.js';

/**
 * Spec 000 §8's run-log texts, one scenario each: what the run shows (its notices and the message
 * it ended with) must hold the text. Texts raised outside the engine are listed below the table.
 */
const fiveMinutes = configuration({ time: { duration: timeRange(5, 6, 'minutes') } });
const oneBuy = configuration({ time: { maxSnipes: 1, duration: timeRange(5, 6, 'minutes') } });
const bargain = () => ({ auctions: [listing({ tradeId: 7, buyNowPrice: 4_000, definitionId: 20_801 })] });

interface Scenario {
  market?: ScriptedMarket;
  filters?: SnipeFilter[];
  configuration?: ReturnType<typeof configuration>;
  prices?: PricePort;
}

async function shown(scenario: Scenario): Promise<string[]> {
  const { session, sink } = sessionHarness({
    market: scenario.market ?? new ScriptedMarket(),
    configuration: scenario.configuration ?? fiveMinutes,
    ...(scenario.filters === undefined ? {} : { filters: scenario.filters }),
    ...(scenario.prices === undefined ? {} : { prices: scenario.prices }),
  });
  const summary = await session.run();
  return [...sink.notices, summary.message];
}

/** A normal filter that buys the bargain, then runs this follow-up. */
function buyingThen(action: FollowUp['action'], extra: Partial<FollowUp> = {}): Scenario {
  const followUp: FollowUp = { ...defaultNormalFilter('x').followUp, action, ...extra };
  return {
    market: new ScriptedMarket({ onSearch: bargain }),
    filters: [normalFilter({ followUp })],
    configuration: oneBuy,
  };
}

/** Lists at the price site's price: the run needs the card's price before it searches. */
const listingAtPriceSite = normalFilter({
  minProfit: { value: 10, unit: 'percentage' },
  followUp: { ...normalFilter().followUp, action: 'list_at_price_site_price', percentage: 100 },
});

const failingPrices: PricePort = {
  playerPrice: () => Promise.reject(new Error('price service down')),
  rarityPrices: () => Promise.reject(new Error('price service down')),
  fodderPrice: () => Promise.reject(new Error('price service down')),
};

/** A market whose coin read fails with a fault that is not a game answer (a broken port). */
class BrokenCoinReadMarket extends ScriptedMarket {
  override async credits(): ReturnType<ScriptedMarket['credits']> {
    throw new Error('socket hang up');
  }
}

const searchFailing = (codes: Record<number, number>) =>
  new ScriptedMarket({
    onSearch: (_search, index) =>
      codes[index] === undefined ? { auctions: [] } : { errorCode: codes[index] },
  });

const table: Array<[text: string, scenario: () => Scenario]> = [
  [unableToFindDetailsFor('Test Striker'), () => ({ filters: [normalFilter({ playerId: 0 })] })],
  [
    failedToFetchMarketPriceFor('Test Striker'),
    () => ({
      filters: [listingAtPriceSite],
      prices: failingPrices,
    }),
  ],
  [runLogMessages.failedToSendToClub, () => withFailure(buyingThen('send_to_club'), 'moveItem')],
  [
    runLogMessages.failedToMoveToTransferList,
    () => withFailure(buyingThen('send_to_transfer_list'), 'moveItem'),
  ],
  [
    runLogMessages.failedToList,
    () => withFailure(buyingThen('list_on_transfer_list', { startPrice: 5_000, buyNowPrice: 6_000 }), 'list'),
  ],
  [runLogMessages.failedToSell, () => withFailure(buyingThen('quick_sell'), 'quickSell')],
  [runLogMessages.unableToFetchMarketData, () => ({ filters: [rarityFilter()], prices: new StaticPrices() })],
  [runLogMessages.webappSessionExpired, () => ({ market: searchFailing({ 1: 401, 2: 401 }) })],
  [runLogMessages.sessionExpired, () => ({ market: searchFailing({ 1: 401 }) })],
  [runLogMessages.softBan, () => ({ market: searchFailing({ 0: 512 }) })],
  [runLogMessages.rateLimited, () => ({ market: searchFailing({ 0: 429 }) })],
  [runLogMessages.captcha, () => ({ market: searchFailing({ 0: 458 }) })],
  [
    runLogMessages.cannotConnect,
    () => ({
      market: new ScriptedMarket({
        onSearch: (_search, index) =>
          index === 0 ? { error: new NetworkError({ code: 0, reason: 'ECONNREFUSED' }) } : { auctions: [] },
      }),
    }),
  ],
  [requestFailed(409, 'scripted 409'), () => ({ market: searchFailing({ 0: 409 }) })],
  [runLogMessages.executionTimeExceeded, () => ({})],
  [runLogMessages.thresholdsExceeded, () => ({ configuration: configuration({ time: { maxSearches: 2 } }) })],
  [
    runLogMessages.notEnoughCoins,
    () => ({
      market: new ScriptedMarket({ coins: 100 }),
      configuration: configuration({ advanced: { isCoinCheckEnabled: true } }),
    }),
  ],
  [
    tooManyResultsFor('Test Striker'),
    () => ({
      market: new ScriptedMarket({
        onSearch: () => ({
          auctions: [
            listing({ tradeId: 1, buyNowPrice: 20_000, definitionId: 20_801 }),
            listing({ tradeId: 2, buyNowPrice: 20_000, definitionId: 20_801 }),
          ],
        }),
      }),
      configuration: configuration({ time: { maxSearchResults: 1, duration: timeRange(5, 6, 'minutes') } }),
    }),
  ],
  [
    unableToFindPlayerInRarity('Test Striker', 'Any'),
    () => ({
      filters: [listingAtPriceSite],
      prices: new StaticPrices(),
    }),
  ],
  [
    runLogMessages.tooManyPages,
    () => ({
      filters: [rarityFilter()],
      prices: new StaticPrices(),
      configuration: configuration({ time: { maxPageJumps: 11, duration: timeRange(5, 6, 'minutes') } }),
    }),
  ],
  [runLogMessages.backgroundTasksFailed, () => ({ market: new BrokenCoinReadMarket() })],
];

function withFailure(scenario: Scenario, method: 'moveItem' | 'list' | 'quickSell'): Scenario {
  // 409: the game refuses this one action; the run goes on and says what failed.
  scenario.market?.failNext(method, 409);
  return scenario;
}

/** Raised outside the engine: where, and which test raises it. */
const raisedElsewhere: Record<string, string> = {
  [runLogMessages.unableToFindPlayerInServer]:
    'server, snipe start (apps/server/test/realtime/snipe-rules.test.ts)',
  [runLogMessages.unableToFindSearchButton]:
    'headful web-app driver (apps/agent/src/browser, headful helper)',
};

describe('every run-log text of spec 000 §8 has a path that raises it', () => {
  it.each(table)('%s', async (text, scenario) => {
    expect(await shown(scenario())).toContain(text);
  });

  it('the table and the list of texts raised elsewhere cover the whole catalogue', () => {
    const covered = new Set(table.map(([text]) => text));
    const missing = Object.values(runLogMessages).filter(
      (text) => !covered.has(text) && raisedElsewhere[text] === undefined,
    );
    expect(missing).toEqual([]);
  });
});
