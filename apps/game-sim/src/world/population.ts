import { createRng, hashUnit, type Rng } from '../core/rng.js';
import { nextPrice, previousPrice, snapPrice } from '@tradedesk/domain';
import type { Platform } from './cards.js';
import type { Trade } from './types.js';
import type { WorldState } from './world-state.js';

/** Listing durations of simulated sellers (seconds) and how often each is chosen. */
const DURATIONS: readonly [number, number][] = [
  // Nearly everyone lists for one hour (the default of the web app and every tool).
  [3600, 0.85],
  [10800, 0.05],
  [21600, 0.03],
  [43200, 0.03],
  [86400, 0.03],
  [259200, 0.01],
];
const MEAN_DURATION_MS = DURATIONS.reduce((sum, [seconds, share]) => sum + seconds * share, 0) * 1000;
const PLATFORMS: readonly Platform[] = ['ps', 'pc'];

/** Card pools that simulated sellers list from, with their share of arrivals. */
interface Pools {
  readonly groups: readonly { readonly share: number; readonly cards: readonly number[] }[];
}
const poolsByWorld = new WeakMap<WorldState, Pools>();

function poolsOf(world: WorldState): Pools {
  const known = poolsByWorld.get(world);
  if (known) return known;
  const bronze: number[] = [];
  const silver: number[] = [];
  const goldCommon: number[] = [];
  const goldRare: number[] = [];
  const special: number[] = [];
  world.cards.forEach((card, index) => {
    if (card.special) special.push(index);
    else if (card.quality === 'bronze') bronze.push(index);
    else if (card.quality === 'silver') silver.push(index);
    else if (card.rarityId === 0) goldCommon.push(index);
    else goldRare.push(index);
  });
  const pools: Pools = {
    groups: [
      { share: 0.12, cards: bronze },
      { share: 0.13, cards: silver },
      { share: 0.3, cards: goldCommon },
      { share: 0.3, cards: goldRare },
      { share: 0.15, cards: special },
    ].filter((group) => group.cards.length > 0),
  };
  poolsByWorld.set(world, pools);
  return pools;
}

function pickCard(world: WorldState, rng: Rng): number {
  const { groups } = poolsOf(world);
  let roll = rng.next() * groups.reduce((sum, group) => sum + group.share, 0);
  for (const group of groups) {
    roll -= group.share;
    if (roll <= 0) return rng.pick(group.cards);
  }
  return rng.pick(groups[groups.length - 1]?.cards ?? [0]);
}

function pickDuration(rng: Rng): number {
  let roll = rng.next();
  for (const [seconds, share] of DURATIONS) {
    roll -= share;
    if (roll <= 0) return seconds;
  }
  return 3600;
}

/** Puts a simulated seller's listing on the market at `listedAt`. */
export function createSimListing(
  world: WorldState,
  platform: Platform,
  listedAt: number,
  rng: Rng = world.rng,
  durationSeconds?: number,
): Trade {
  const cardIndex = pickCard(world, rng);
  const value = world.values.value(cardIndex, platform, listedAt);
  const { minPrice, maxPrice } = world.values.limits(cardIndex, platform, listedAt);
  const mispriced = rng.chance(world.options.market.mispricedShare);
  const factor = mispriced ? 0.35 + rng.next() * 0.45 : Math.exp(rng.normal() * 0.06 + 0.02);
  const buyNowPrice = Math.min(maxPrice, Math.max(nextPrice(minPrice), snapPrice(value * factor)));
  let startingBid = buyNowPrice;
  for (let steps = rng.int(1, 8); steps > 0; steps -= 1) startingBid = previousPrice(startingBid);
  startingBid = Math.max(minPrice, Math.min(startingBid, previousPrice(buyNowPrice)));
  const duration = durationSeconds ?? pickDuration(rng);
  const item = world.newItem(cardIndex, 0, 'listed');
  const trade = world.openListing({
    item,
    platform,
    sellerId: 0,
    startingBid,
    buyNowPrice,
    duration,
    listedAt,
  });
  scheduleSimBuyers(world, trade, rng);
  return trade;
}

/**
 * Decides when (if ever) simulated buyers act on a listing: rival snipers take most mispriced
 * listings a few seconds after they become visible; simulated humans buy some fairly priced
 * listings during their life, and bid on cheap starting bids near the end.
 */
export function scheduleSimBuyers(
  world: WorldState,
  trade: Trade,
  rng: Rng = world.rng,
  forceRival = false,
): void {
  const market = world.options.market;
  const value = world.values.value(trade.cardIndex, trade.platform, trade.listedAt);
  const ratio = trade.buyNowPrice / value;
  if (ratio < 0.9 || forceRival) {
    if (rng.chance(market.rivalCatchShare) || forceRival) {
      const reaction = market.rivalReactionSeconds * 1000 * Math.exp(rng.normal() * 0.5);
      world.events.push(Math.min(trade.expiresAt - 1, trade.visibleAt + reaction), 'simBuy', trade.tradeId);
      return;
    }
  } else {
    const appeal = Math.max(0, Math.min(1, (1.25 - ratio) / 0.3));
    if (rng.chance(market.humanBuyShare * appeal)) {
      const at = trade.visibleAt + rng.next() * (trade.expiresAt - trade.visibleAt);
      world.events.push(Math.min(trade.expiresAt - 1, at), 'simBuy', trade.tradeId);
      return;
    }
  }
  if (trade.startingBid <= value * 0.85 && rng.chance(0.3)) {
    const at = trade.expiresAt - rng.next() * Math.min(600_000, trade.expiresAt - trade.visibleAt);
    world.events.push(Math.max(trade.visibleAt, at), 'simBid', trade.tradeId);
  }
}

/** Fills the market at start: listings of every age, so expiries spread over the next hours. */
export function seedInitialListings(world: WorldState, now: number): void {
  const rng = createRng(world.options.seed * 31 + 7);
  for (const platform of PLATFORMS) {
    if (!world.options.market.platforms.includes(platform)) continue;
    for (let count = 0; count < world.options.market.initialListings; count += 1) {
      const trade = createSimListing(world, platform, now - rng.next() * 3_600_000, rng);
      void trade;
    }
  }
}

function poisson(rng: Rng, mean: number): number {
  if (mean <= 0) return 0;
  if (mean > 50) return Math.max(0, Math.round(mean + Math.sqrt(mean) * rng.normal()));
  const limit = Math.exp(-mean);
  let product = rng.next();
  let count = 0;
  while (product > limit) {
    count += 1;
    product *= rng.next();
  }
  return count;
}

/** Arrivals are drawn per slot of world time, so how a span is cut into catch-ups changes nothing. */
const SLOT_MS = 60_000;

/** A generator keyed to its parts and the seed, independent of every other draw of the world. */
function keyedRng(world: WorldState, ...parts: number[]): Rng {
  return createRng(Math.floor(hashUnit(world.options.seed, ...parts) * 4_294_967_296));
}

interface Arrival {
  readonly at: number;
  readonly platform: Platform;
  readonly duration: number;
  /** Identifies the arrival: the key of the generator that picks its card and price. */
  readonly key: readonly number[];
}

/** The current slot's arrival times per platform and class: a busy world catches up every ms. */
const currentSlotByWorld = new WeakMap<WorldState, { slot: number; times: Map<number, readonly number[]> }>();

/** Arrival times of one slot, platform and duration class (a pure function of the seed). */
function slotArrivals(
  world: WorldState,
  platformCode: number,
  durationClass: number,
  slot: number,
): readonly number[] {
  let current = currentSlotByWorld.get(world);
  const cacheKey = platformCode * DURATIONS.length + durationClass;
  const known = current?.slot === slot ? current.times.get(cacheKey) : undefined;
  if (known) return known;
  const share = DURATIONS[durationClass]?.[1] ?? 0;
  const ratePerMs = world.options.market.initialListings / MEAN_DURATION_MS;
  const rng = keyedRng(world, 101, platformCode, durationClass, slot);
  const slotStart = world.epoch + slot * SLOT_MS;
  const count = poisson(rng, ratePerMs * share * SLOT_MS);
  const times = Array.from({ length: count }, () => slotStart + rng.next() * SLOT_MS);
  if (current === undefined || slot > current.slot) {
    current = { slot, times: new Map() };
    currentSlotByWorld.set(world, current);
  }
  if (current.slot === slot) current.times.set(cacheKey, times);
  return times;
}

/**
 * New listings from simulated sellers in (`from`, `to`], at the rate that keeps the market near
 * its initial size. Each arrival comes from generators keyed to the seed and its slot, never from
 * a shared stream, so the world's listings depend on the seed alone, not on when clients happened
 * to call. Per duration class, only listings still alive at `to` are created: nobody could have
 * seen the others, and a long clock jump stays cheap (a jump under an hour creates them all).
 */
export function generateArrivals(world: WorldState, from: number, to: number): void {
  const arrivals: Arrival[] = [];
  PLATFORMS.forEach((platform, platformIndex) => {
    if (!world.options.market.platforms.includes(platform)) return;
    const platformCode = platformIndex + 1;
    DURATIONS.forEach(([seconds], durationClass) => {
      const windowStart = Math.max(from, to - seconds * 1000);
      const firstSlot = Math.floor((windowStart - world.epoch) / SLOT_MS);
      const lastSlot = Math.floor((to - world.epoch) / SLOT_MS);
      for (let slot = firstSlot; slot <= lastSlot; slot += 1) {
        slotArrivals(world, platformCode, durationClass, slot).forEach((at, index) => {
          if (at > windowStart && at <= to)
            arrivals.push({
              at,
              platform,
              duration: seconds,
              key: [102, platformCode, durationClass, slot, index],
            });
        });
      }
    });
  });
  // Time order across both platforms, so trade ids follow listing times however the span was cut.
  arrivals.sort((a, b) => a.at - b.at || a.platform.localeCompare(b.platform));
  for (const arrival of arrivals)
    createSimListing(
      world,
      arrival.platform,
      Math.floor(arrival.at),
      keyedRng(world, ...arrival.key),
      arrival.duration,
    );
}
