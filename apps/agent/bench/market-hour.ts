import { amountAfterTax, type MinProfit } from '@tradedesk/domain';
import { snipeOracle, type ObservedListing } from '@tradedesk/engine';
import { listingKey, startBenchSim, type SimTrade } from './sandbox.js';

const ONE_HOUR_S = 3_600;

/** One listing a sniper could have bought during the hour, and how it ended without us. */
export interface HourListing extends ObservedListing {
  /** On the market when the hour began (the backlog), or listed during it. */
  readonly backlog: boolean;
  /** `listingKey`: the same listing in a run of the same seed. */
  readonly key: string;
  readonly visibleAt: number;
  /** When a simulated buyer (a rival sniper or a human) took it, if one did before it expired. */
  readonly goneAt: number | undefined;
  readonly expiresAt: number;
}

export interface MarketRules {
  readonly minBuyNow?: number;
  readonly maxBuyNow: number;
  readonly minProfit: MinProfit;
  readonly coins: number;
}

/** Steps of the replay: a listing's end is known to within this. */
const STEP_MS = 250;

/**
 * Replays the world of `seed` for `minutes` with nobody trading in it and records every listing
 * on the market during that span: the backlog alive at the start and every new listing, with the
 * time a simulated buyer took it. The world's listings and its buyers' timing depend on the seed
 * alone, so this is the market each strategy's run met, before its own buys changed it.
 */
export interface HourMarket {
  readonly start: number;
  readonly end: number;
  readonly listings: readonly HourListing[];
}

export async function marketOfTheHour(seed: number, minutes: number): Promise<HourMarket> {
  const sim = await startBenchSim({ seed, clock: { speed: 0 } });
  try {
    const { world } = sim;
    const start = world.now();
    const end = start + minutes * 60_000;
    // Gold rares on PC from the market's own sellers (never a strategy's relist).
    const covered = (trade: SimTrade) => {
      const card = world.card(trade.cardIndex);
      return trade.sellerId === 0 && trade.platform === 'pc' && card.rarityId === 1 && card.rating >= 75;
    };
    const tracked = new Map<number, { trade: SimTrade; backlog: boolean; goneAt?: number }>();
    // Listings sold before the hour (a rival's buy already due) leave at the first catch-up.
    world.clock.advance(1);
    world.catchUp();
    for (const trade of world.trades.values())
      if (trade.state === 'active' && covered(trade)) tracked.set(trade.tradeId, { trade, backlog: true });
    const openTrade = world.openTrade.bind(world);
    world.openTrade = (trade) => {
      openTrade(trade);
      if (covered(trade)) tracked.set(trade.tradeId, { trade, backlog: false });
    };
    for (let at = world.now() + STEP_MS; at <= end; at += STEP_MS) {
      world.clock.advance(at - world.now());
      world.catchUp();
      for (const entry of tracked.values())
        if (entry.goneAt === undefined && entry.trade.state === 'closed') entry.goneAt = at;
    }
    const listings = [...tracked.values()]
      .filter(({ trade }) => trade.listedAt < end && trade.buyNowPrice > 0)
      .map(({ trade, backlog, goneAt }) => ({
        tradeId: trade.tradeId,
        buyNowPrice: trade.buyNowPrice,
        marketPrice: world.values.value(trade.cardIndex, 'pc', Math.max(start, trade.listedAt)),
        backlog,
        key: listingKey(world, trade),
        visibleAt: trade.visibleAt,
        goneAt,
        expiresAt: trade.expiresAt,
      }));
    return { start, end, listings };
  } finally {
    await sim.close();
  }
}

const profitOf = (listing: ObservedListing) => amountAfterTax(listing.marketPrice) - listing.buyNowPrice;

/**
 * The oracle bound over the hour's market: every listing it held (the backlog and the new ones),
 * seen the instant it showed, never losing a race, within the coins. Also its share in listings
 * a simulated buyer took (the races a paced sniper has to win) and in the backlog.
 */
export function oracleOf({ listings }: HourMarket, rules: MarketRules) {
  const oracle = snipeOracle(listings, rules);
  const chosen = new Set(oracle.tradeIds);
  let taken = 0;
  let backlog = 0;
  for (const listing of listings) {
    if (!chosen.has(listing.tradeId)) continue;
    if (listing.goneAt !== undefined) taken += profitOf(listing);
    if (listing.backlog) backlog += profitOf(listing);
  }
  return { ...oracle, taken, backlog };
}

/**
 * What a searcher with the same request budget could get if every search showed it the whole
 * market (every listing visible then, on one page): a search every `Δ` seconds, a buy of each
 * oracle listing still there, `requestsPerBuy` requests per buy (Buy Now and its follow-up).
 * Averaged over where in the first interval the searches start; the best `Δ` is reported. Not a
 * bound (a lucky timing can beat it), but what the budget buys with perfect pages: no paging, no
 * sweep of the backlog, no guessing where new listings sit.
 */
export function idealPacedSearcher(
  { listings, start, end }: HourMarket,
  rules: MarketRules,
  options: { budget: number; requestsPerBuy: number },
): { intervalS: number; profit: number } {
  const oracle = snipeOracle(listings, rules);
  const chosen = new Set(oracle.tradeIds);
  const worth = listings.filter((listing) => chosen.has(listing.tradeId));
  let best = { intervalS: 0, profit: 0 };
  for (let tenths = 20; tenths <= 200; tenths += 5) {
    const interval = tenths * 100;
    const phases = 10;
    let total = 0;
    for (let phase = 0; phase < phases; phase += 1) {
      let requests = 0;
      let profit = 0;
      const bought = new Set<number>();
      for (
        let at = start + (phase * interval) / phases;
        at < end && requests < options.budget;
        at += interval
      ) {
        requests += 1;
        for (const listing of worth) {
          if (bought.has(listing.tradeId) || listing.visibleAt > at || listing.expiresAt <= at) continue;
          if (listing.goneAt !== undefined && listing.goneAt <= at) continue;
          bought.add(listing.tradeId);
          profit += profitOf(listing);
          requests += options.requestsPerBuy;
        }
      }
      total += profit;
    }
    if (total / phases > best.profit)
      best = { intervalS: interval / 1000, profit: Math.round(total / phases) };
  }
  return best;
}

type MissCause =
  | 'bought'
  | 'seen, not bought (price rules, coins)'
  | 'gone before any search'
  | 'not on a page read: new one-hour listing'
  | 'not on a page read: new longer listing'
  | 'not on a page read: backlog';

/**
 * Where the oracle's listings went in one run: bought, seen and passed over, or never on a page
 * the run read (split by why it might have been missed). A listing counts as seen when a page read
 * while it was on the market (before a simulated buyer took it) showed it.
 */
export function missBreakdown(
  { listings, start, end }: HourMarket,
  oracleTradeIds: readonly number[],
  pages: readonly { at: number; listings: readonly string[] }[],
  boughtKeys: readonly string[],
): Record<MissCause, { count: number; profit: number }> {
  const chosen = new Set(oracleTradeIds);
  const bought = new Set(boughtKeys);
  const sightings = new Map<string, number[]>();
  for (const page of pages)
    for (const key of page.listings) {
      const times = sightings.get(key) ?? [];
      times.push(page.at);
      sightings.set(key, times);
    }
  const breakdown = {} as Record<MissCause, { count: number; profit: number }>;
  const add = (cause: MissCause, listing: HourListing) => {
    const entry = (breakdown[cause] ??= { count: 0, profit: 0 });
    entry.count += 1;
    entry.profit += profitOf(listing);
  };
  for (const listing of listings) {
    if (!chosen.has(listing.tradeId)) continue;
    const from = Math.max(start, listing.visibleAt);
    const to = Math.min(listing.goneAt ?? end, listing.expiresAt, end);
    if (bought.has(listing.key)) add('bought', listing);
    else if ((sightings.get(listing.key) ?? []).some((at) => at >= from && at < to))
      add('seen, not bought (price rules, coins)', listing);
    else if (!pages.some((page) => page.at >= from && page.at < to)) add('gone before any search', listing);
    else if (listing.backlog) add('not on a page read: backlog', listing);
    else if (listing.expiresAt - listing.visibleAt > (ONE_HOUR_S + 60) * 1000)
      add('not on a page read: new longer listing', listing);
    else add('not on a page read: new one-hour listing', listing);
  }
  return breakdown;
}
