import { hashUnit } from '../core/rng.js';
import { snapPrice } from '@tradedesk/domain';
import type { Platform } from './cards.js';
import type { World } from './world.js';

export const PROVIDERS = ['futbin', 'futwiz', 'futgg'] as const;
export type Provider = (typeof PROVIDERS)[number];

/** How each simulated price site follows the market: its lag, noise, refresh cycle and coverage. */
export const PROVIDER_PROFILES: Record<
  Provider,
  { lagMinutes: number; noise: number; refreshMinutes: number; coverage: number }
> = {
  futbin: { lagMinutes: 5, noise: 0.02, refreshMinutes: 10, coverage: 0.99 },
  futwiz: { lagMinutes: 15, noise: 0.04, refreshMinutes: 30, coverage: 0.95 },
  futgg: { lagMinutes: 10, noise: 0.03, refreshMinutes: 15, coverage: 0.97 },
};

export interface FeedPrice {
  definitionId: number;
  baseId: number;
  rarityId: number;
  rating: number;
  price: number;
  /** When the site last refreshed this card (ms since the epoch). */
  updatedAt: number;
}

function providerNumber(provider: Provider): number {
  return PROVIDERS.indexOf(provider) + 1;
}

/**
 * The prices a site publishes at `now`: each card is refreshed on its own cycle (counted from the
 * world's epoch) from the market value `lag` minutes earlier (the lowest Buy Now sits a little
 * under the value), with the site's noise; a few cards are never covered.
 */
export function feedPrices(
  world: World,
  provider: Provider,
  platform: Platform,
  now: number,
  since?: number,
): FeedPrice[] {
  const profile = PROVIDER_PROFILES[provider];
  const refreshMs = profile.refreshMinutes * 60_000;
  const seed = world.options.seed;
  const site = providerNumber(provider);
  const platformCode = platform === 'pc' ? 1 : 2;
  const prices: FeedPrice[] = [];
  world.cards.forEach((card, cardIndex) => {
    if (hashUnit(seed, site, card.definitionId) >= profile.coverage) return;
    // Cycles count from the world's epoch, not from 1970: a seed publishes the same prices at the
    // same time after the start whatever the wall-clock time the world started at.
    const phase = hashUnit(seed, site, card.definitionId, 9) * refreshMs;
    const cycle = Math.floor((now - world.epoch - phase) / refreshMs);
    const updatedAt = world.epoch + Math.floor(cycle * refreshMs + phase);
    if (since !== undefined && updatedAt <= since) return;
    const observedAt = Math.max(world.epoch, updatedAt - profile.lagMinutes * 60_000);
    const u = 1 - hashUnit(seed, site, card.definitionId, platformCode, cycle);
    const v = hashUnit(seed, site, card.definitionId, platformCode, cycle, 5);
    const noise = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v) * profile.noise;
    const price = snapPrice(world.values.rawValue(cardIndex, platform, observedAt) * 0.97 * (1 + noise));
    prices.push({
      definitionId: card.definitionId,
      baseId: card.baseId,
      rarityId: card.rarityId,
      rating: card.rating,
      price,
      updatedAt,
    });
  });
  return prices;
}
