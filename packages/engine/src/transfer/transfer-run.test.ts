import {
  defaultTransferConfig,
  defaultTransferFilter,
  type TransferConfig,
  type TransferFilter,
} from '@tradedesk/domain';
import { transferEventSchema, type TransferEvent } from '@tradedesk/domain/realtime';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../time/clock.js';
import { seededRng } from '../time/rng.js';
import { TransferMarket } from './testing/transfer-market.js';
import { transferMessages } from './messages.js';
import { TransferRun, TransferSetupError } from './transfer-run.js';

const CARD = 50_331_749;
const PRICE = 100_000;

function filter(player: Partial<TransferFilter['player']> = {}): TransferFilter {
  const base = defaultTransferFilter('Move 100k');
  return {
    ...base,
    id: 'filter-1',
    player: {
      ...base.player,
      id: CARD,
      name: 'Cheap Card',
      value: PRICE,
      quality: 'gold',
      rarity: 'rare',
      ...player,
    },
  };
}

interface Setup {
  readonly sellerCard?: 'club' | 'unassigned' | 'tradepile' | 'none';
  readonly buyerCoins?: number;
  readonly configuration?: Partial<TransferConfig>;
  readonly filter?: TransferFilter;
  readonly seed?: number;
  readonly visibilityMs?: number;
  readonly searchCacheMs?: number;
  readonly onEvent?: (event: TransferEvent, context: { market: TransferMarket; run: TransferRun }) => void;
}

function transfer(setup: Setup = {}) {
  const clock = new VirtualClock(1_700_000_000_000);
  const market = new TransferMarket(clock, {
    visibilityMs: setup.visibilityMs ?? 2_000,
    searchCacheMs: setup.searchCacheMs ?? 0,
  });
  market
    .addAccount('buyer', setup.buyerCoins ?? 150_000)
    .addAccount('seller', 20_000)
    .addAccount('rival', 500_000);
  const sellerItem =
    setup.sellerCard === 'none' ? undefined : market.grant('seller', CARD, setup.sellerCard ?? 'club');
  const events: TransferEvent[] = [];
  const holder: { run?: TransferRun } = {};
  const run = new TransferRun({
    buyer: { accountId: 'buyer', game: market.gameFor('buyer') },
    seller: { accountId: 'seller', game: market.gameFor('seller') },
    filter: setup.filter ?? filter(),
    configuration: { ...defaultTransferConfig(), ...setup.configuration },
    clock,
    rng: seededRng(setup.seed ?? 7),
    events: {
      emit: async (event) => {
        // Every event the engine sends fits the wire contract the server validates with.
        expect(transferEventSchema.safeParse(event).success, event.type).toBe(true);
        events.push(event);
        if (holder.run) setup.onEvent?.(event, { market, run: holder.run });
      },
    },
  });
  holder.run = run;
  return { run, market, events, clock, sellerItem, types: () => events.map((event) => event.type) };
}

describe('a coin transfer', () => {
  it('moves the price from buyer to seller minus the 5% tax and walks every step', async () => {
    const { run, market, types, events } = transfer();
    const summary = await run.run();
    expect(summary.outcome).toBe('success');
    expect(types()).toEqual([
      'sync-result',
      'list-player',
      'list-success',
      'purchase-success',
      'transfer-success',
    ]);
    expect(market.coins('buyer')).toBe(150_000 - PRICE);
    expect(market.coins('seller')).toBe(20_000 + 95_000);
    expect(events.at(-1)).toMatchObject({ buyerPaid: PRICE, sellerReceived: 95_000, tax: 5_000 });
    expect(market.piles('buyer').unassigned).toHaveLength(1);
    // The sold entry is cleared so it holds no transfer-list slot.
    expect(market.piles('seller')).toMatchObject({ tradepile: [], sold: [] });
  });

  it('buys only the seller’s own listing, never a stranger’s copy at the same card and terms', async () => {
    const { run, market, events } = transfer({
      onEvent: (event, { market: shared }) => {
        if (event.type !== 'list-success') return;
        const listing = shared.listings.get(event.tradeId)!;
        // Copies that expire sooner come first in the results and match every search criterion.
        for (let copy = 0; copy < 3; copy += 1) shared.plantTrap(CARD, listing.startingBid, event.price);
      },
    });
    expect((await run.run()).outcome).toBe('success');
    expect(market.coinsToStrangers).toBe(0);
    const listed = events.find((event) => event.type === 'list-success');
    const bought = events.find((event) => event.type === 'purchase-success');
    expect(bought?.type === 'purchase-success' && bought.tradeId).toBe(
      listed?.type === 'list-success' && listed.tradeId,
    );
    expect(market.coins('seller')).toBe(115_000);
  });

  it('reads on to the next page when older look-alikes fill the first', async () => {
    const { run, market, events } = transfer({
      onEvent: (event, { market: shared }) => {
        if (event.type !== 'list-success') return;
        const listing = shared.listings.get(event.tradeId)!;
        // 25 stranger copies that expire sooner: the seller's listing is on the second page.
        for (let copy = 0; copy < 25; copy += 1)
          shared.plantTrap(CARD, listing.startingBid, event.price, true, 1_800);
      },
    });
    expect((await run.run()).outcome).toBe('success');
    expect(market.searchLog.map((entry) => entry.search.page)).toEqual([0, 1]);
    expect(events.find((event) => event.type === 'purchase-success')).toMatchObject({ searches: 2 });
    expect(market.coinsToStrangers).toBe(0);
  });

  it('reports the sync of both accounts with the seller’s card', async () => {
    const { run, events, sellerItem } = transfer({ sellerCard: 'unassigned' });
    await run.run();
    const sync = events[0];
    expect(sync?.type).toBe('sync-result');
    if (sync?.type !== 'sync-result') return;
    expect(sync.buyer).toMatchObject({ accountId: 'buyer', coins: 150_000, card: null });
    expect(sync.seller.card).toMatchObject({
      itemId: sellerItem,
      definitionId: CARD,
      pile: 'unassigned',
      value: PRICE,
    });
    expect(sync.seller.unassigned).toEqual([{ id: sellerItem, definitionId: CARD }]);
  });

  it.each<[string, Setup, string]>([
    [
      'the seller lacks the card',
      { sellerCard: 'none' },
      'The seller does not have a tradeable Cheap Card. Choose a player the seller’s account owns and can trade (a new account’s club has a few), or buy one with that account on the transfer market first',
    ],
    [
      'the buyer lacks the coins',
      { buyerCoins: 99_000 },
      'The buyer has 99,000 coins; the transfer needs 100,000',
    ],
  ])('fails clearly and moves nothing when %s', async (_name, setup, reason) => {
    const { run, market, types, events } = transfer(setup);
    const summary = await run.run();
    expect(summary).toMatchObject({ outcome: 'failed', reason });
    expect(types()).toEqual(['sync-result', 'transfer-failed']);
    expect(events.at(-1)).toMatchObject({ type: 'transfer-failed', reason, filter: { id: 'filter-1' } });
    expect(market.coins('buyer')).toBe(setup.buyerCoins ?? 150_000);
    expect(market.coins('seller')).toBe(20_000);
    expect(market.listings.size).toBe(0);
  });

  it('fails when the seller’s transfer list is full', async () => {
    const { run, market } = transfer({ sellerCard: 'club' });
    for (let index = 0; index < 100; index += 1) market.grant('seller', 20_801, 'tradepile');
    expect(await run.run()).toMatchObject({
      outcome: 'failed',
      reason: 'The seller’s transfer list is full: clear it and try again',
    });
    expect(market.listings.size).toBe(0);
  });

  it('refuses to race above the safe latency and lists nothing', async () => {
    const { run, market, events } = transfer({ configuration: { safeLatency: 75 } });
    market.setLatency('seller', 120);
    const summary = await run.run();
    expect(summary.reason).toBe('Latency: 120 ms is above the safe latency of 75 ms');
    expect(events.find((event) => event.type === 'latency-result')).toMatchObject({
      accountId: 'seller',
      latencyMs: 120,
      isAboveSafe: true,
    });
    expect(market.listings.size).toBe(0);
  });

  it('goes on below the safe latency and reports it', async () => {
    const { run, market, events } = transfer({ configuration: { safeLatency: 75 } });
    market.setLatency('seller', 40);
    expect((await run.run()).outcome).toBe('success');
    expect(events.find((event) => event.type === 'latency-result')).toMatchObject({
      latencyMs: 40,
      isAboveSafe: false,
    });
  });

  it('searches narrowly, varies the minimums on every search and waits the configured delay', async () => {
    // The listing shows only after 8 s, so several searches are needed; identical queries are cached.
    const { run, market, events, clock } = transfer({
      visibilityMs: 8_000,
      searchCacheMs: 60_000,
      configuration: { delay: { min: 1_000, max: 2_000 }, retries: 1 },
    });
    const startedAt = clock.now();
    const summary = await run.run();
    expect(summary.outcome).toBe('success');
    expect(summary.searches).toBeGreaterThan(1);
    expect(summary.searches).toBeLessThanOrEqual(6);
    const bought = events.find((event) => event.type === 'purchase-success');
    expect(bought).toMatchObject({ searches: summary.searches, attempts: 1 });
    const listed = events.find((event) => event.type === 'list-success');
    const startingBid =
      listed?.type === 'list-success' ? market.listings.get(listed.tradeId)?.startingBid : 0;
    const searches = market.searchLog.map((entry) => entry.search);
    expect(searches).toHaveLength(summary.searches);
    for (const search of searches) {
      expect(search).toMatchObject({
        definitionId: CARD,
        rarityIds: [1],
        level: 'gold',
        maxBuyNow: PRICE,
        maxBid: startingBid,
      });
      expect(search.minBuyNow).toBeLessThanOrEqual(PRICE);
      expect(search.minBid).toBe(startingBid);
    }
    const keys = searches.map((search) => search.minBuyNow);
    keys.slice(1).forEach((key, index) => expect(key).not.toBe(keys[index]));
    // 3 s settle plus 1–2 s between searches.
    expect(clock.now() - startedAt).toBeGreaterThanOrEqual(3_000 + (summary.searches - 1) * 1_000);
  });

  it('gives up after 3 searches per round and 1 + retries rounds, leaving the listing in place', async () => {
    const { run, market, events, types } = transfer({ visibilityMs: 600_000, configuration: { retries: 1 } });
    const summary = await run.run();
    expect(summary).toMatchObject({ outcome: 'failed', searches: 6 });
    expect(types()).toEqual([
      'sync-result',
      'list-player',
      'list-success',
      'purchase-skipped',
      'transfer-failed',
    ]);
    expect(summary.reason).toBe(
      'The buyer did not buy the listing: The seller’s listing did not show up in 6 searches',
    );
    expect(market.coins('buyer')).toBe(150_000);
    const listed = events.find((event) => event.type === 'list-success');
    expect(listed?.type === 'list-success' && market.listings.get(listed.tradeId)?.state).toBe('active');
  });

  it('resumes the seller’s live listing on the next run instead of listing the card twice', async () => {
    const first = transfer({ visibilityMs: 20_000 });
    await first.run.run();
    const listed = first.events.find((event) => event.type === 'list-success');
    const again = new TransferRun({
      buyer: { accountId: 'buyer', game: first.market.gameFor('buyer') },
      seller: { accountId: 'seller', game: first.market.gameFor('seller') },
      filter: filter(),
      configuration: defaultTransferConfig(),
      clock: first.clock,
      rng: seededRng(8),
      events: { emit: async (event) => void first.events.push(event) },
    });
    first.clock.advance(20_000);
    expect((await again.run()).outcome).toBe('success');
    const relisted = first.events.filter((event) => event.type === 'list-success');
    expect(relisted).toHaveLength(2);
    expect(relisted[1]).toMatchObject({ tradeId: listed?.type === 'list-success' ? listed.tradeId : -1 });
    expect(first.market.listings.size).toBe(1);
    expect(first.market.coins('buyer')).toBe(50_000);
  });

  it('fails without paying when another buyer takes the listing first', async () => {
    const { run, market, types } = transfer({
      onEvent: (event, { market: shared }) => {
        if (event.type !== 'list-success') return;
        shared.clock.advance(2_000);
        void shared.gameFor('rival').bid(event.tradeId, event.price);
      },
    });
    const summary = await run.run();
    expect(summary.reason).toContain('The seller’s listing did not show up');
    expect(types().slice(-2)).toEqual(['purchase-skipped', 'transfer-failed']);
    expect(market.coins('buyer')).toBe(150_000);
  });

  it('retries a throttled Buy Now and succeeds within the 3 attempts', async () => {
    const { run, market, events } = transfer();
    market.failNext('buyer', 'bid', 429, 2);
    expect((await run.run()).outcome).toBe('success');
    expect(events.find((event) => event.type === 'purchase-success')).toMatchObject({ attempts: 3 });
    expect(market.coins('buyer')).toBe(50_000);
  });

  it('counts a Buy Now whose answer was lost once: the card in the buyer’s pile says it went through', async () => {
    const { run, market, events } = transfer();
    market.loseNextAnswer('buyer', 'bid', 502);
    expect((await run.run()).outcome).toBe('success');
    expect(events.find((event) => event.type === 'purchase-success')).toMatchObject({ attempts: 1 });
    expect(market.coins('buyer')).toBe(50_000);
    expect(market.coins('seller')).toBe(115_000);
  });

  it('stops mid-transfer with the piles consistent: nothing bought, the card listed or kept', async () => {
    const { run, market, types } = transfer({
      onEvent: (event, { run: current }) => {
        if (event.type === 'list-success') void current.stop();
      },
    });
    const summary = await run.run();
    expect(summary).toMatchObject({ outcome: 'failed', reason: expect.stringContaining('Stopped') });
    expect(types().slice(-2)).toEqual(['purchase-skipped', 'transfer-failed']);
    expect(market.coins('buyer')).toBe(150_000);
    expect(market.piles('buyer').unassigned).toEqual([]);
    expect(market.piles('seller').tradepile).toHaveLength(1);
  });

  it('says the agent shut down when the stop came from the agent leaving, not a plain stop', async () => {
    const { run, events } = transfer({
      onEvent: (event, { run: current }) => {
        if (event.type === 'list-success') {
          void current.stop('agent-leaving');
          void current.stop('user');
        }
      },
    });
    const summary = await run.run();
    const leftListed = expect.stringContaining(transferMessages.agentLeftListed);
    expect(summary).toMatchObject({ outcome: 'failed', reason: leftListed });
    expect(summary.reason).not.toContain(transferMessages.stopped);
    expect(events.at(-1)).toMatchObject({ type: 'transfer-failed', reason: leftListed });
  });

  it('replays exactly under the same seed', async () => {
    const strip = (events: TransferEvent[]) => JSON.stringify(events);
    const a = transfer({ seed: 3, visibilityMs: 6_000 });
    const b = transfer({ seed: 3, visibilityMs: 6_000 });
    await a.run.run();
    await b.run.run();
    expect(strip(b.events)).toBe(strip(a.events));
  });

  it('refuses a transfer filter the rules refuse before anything is sent', () => {
    const clock = new VirtualClock();
    const market = new TransferMarket(clock).addAccount('a', 0).addAccount('b', 0);
    const build = (overrides: Partial<TransferFilter['player']>, buyer = 'a') =>
      new TransferRun({
        buyer: { accountId: buyer, game: market.gameFor(buyer) },
        seller: { accountId: 'b', game: market.gameFor('b') },
        filter: filter(overrides),
        configuration: defaultTransferConfig(),
        clock,
        rng: seededRng(1),
        events: { emit: async () => {} },
      });
    expect(() => build({ rarity: 'any' })).toThrow(new TransferSetupError('Rarity must not be Any'));
    expect(() => build({}, 'b')).toThrow('Buyer and seller cannot be the same account');
  });
});

describe('auto-list and auto buy-back after a transfer', () => {
  const withFollowUp = (player: Partial<TransferFilter['player']>) =>
    filter({ bidPrice: 9_000, buyNowPrice: 10_000, delay: 1_500, ...player });

  it('auto-list: the buyer lists the card at the filter’s bid and Buy Now after the delay', async () => {
    const { run, market, events, types } = transfer({ filter: withFollowUp({ enableAutoList: true }) });
    await run.run();
    expect(types().slice(-3)).toEqual(['transfer-success', 'auto-list-start', 'auto-list-success']);
    const listed = events.at(-1);
    expect(listed).toMatchObject({ price: 10_000, bidPrice: 9_000, duration: 3_600 });
    const start = events.find((event) => event.type === 'auto-list-start')!;
    const success = events.find((event) => event.type === 'transfer-success')!;
    expect(start.at - success.at).toBeGreaterThanOrEqual(1_500);
    expect(market.piles('buyer')).toMatchObject({ unassigned: [], tradepile: [expect.any(Number)] });
  });

  it('auto buy-back: the seller buys the card back from the buyer’s listing', async () => {
    const { run, market, types } = transfer({
      filter: withFollowUp({ enableAutoBuyBack: true, buyBackDuration: 10_800 }),
    });
    await run.run();
    expect(types().slice(-3)).toEqual(['transfer-success', 'buy-back-start', 'buy-back-success']);
    // Buyer: −100,000 + 9,500; seller: +95,000 − 10,000; the card is back with the seller.
    expect(market.coins('buyer')).toBe(150_000 - PRICE + 9_500);
    expect(market.coins('seller')).toBe(20_000 + 95_000 - 10_000);
    expect(market.piles('seller').unassigned).toHaveLength(1);
    expect(market.coinsToStrangers).toBe(0);
  });

  it('buy-back protection: never above the transfer price; without it the buy-back goes on', async () => {
    const above = withFollowUp({ enableAutoBuyBack: true, bidPrice: 100_000, buyNowPrice: 110_000 });
    const guarded = transfer({ filter: above, buyerCoins: 300_000 });
    await guarded.run.run();
    expect(guarded.events.at(-1)).toMatchObject({
      type: 'buy-back-skipped',
      reason: 'Buy-back protection: the Buy Now 110,000 is above the transfer price 100,000',
    });
    expect(guarded.market.piles('buyer').unassigned).toHaveLength(1);

    const open = transfer({
      filter: above,
      buyerCoins: 300_000,
      configuration: { isBuyBackProtectionEnabled: false },
    });
    await open.run.run();
    expect(open.events.at(-1)).toMatchObject({ type: 'buy-back-success', price: 110_000 });
    expect(open.market.coins('seller')).toBe(20_000 + 95_000 - 110_000);
  });

  it('buy-back protection: never when a third party has bid on the buyer’s listing', async () => {
    const { run, market, events } = transfer({ filter: withFollowUp({ enableAutoBuyBack: true }) });
    market.afterList = (tradeId, accountId) => {
      if (accountId === 'buyer') market.strangerBid(tradeId, 9_000);
    };
    await run.run();
    expect(events.at(-1)).toMatchObject({
      type: 'buy-back-skipped',
      reason: 'Buy-back protection: a third party has bid on the listing',
    });
    expect(market.coins('seller')).toBe(20_000 + 95_000);
  });
});
