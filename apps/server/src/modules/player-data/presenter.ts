import { foldName } from '@tradedesk/domain/catalogue';
import { rarityOfId } from '@tradedesk/domain';
import { freshnessOf } from '../prices/freshness.js';
import type { PricedCardRow } from './repo.js';

const PRICE_SITES = ['futbin', 'futwiz', 'futgg'] as const;

/** A price as pages and buy decisions read it: value, source and age, and whether it is stale. */
export interface PresentedPrice {
  current: number | null;
  source: string | null;
  observedAt: string | null;
  ageMs: number | null;
  isStale: boolean;
}

/** Rendering context: the clock and the staleness limit. */
export interface PresentOptions {
  now: Date;
  staleAfterMs: number;
}

/** A current-price row as a left join yields it (all fields null when no price exists). */
export type PriceRow = { price: number | null; source: string | null; observedAt: Date | null } | null;

export const hasPrice = (row: PriceRow) => row !== null && row.price !== null;

export function presentPrice(price: PriceRow, options: PresentOptions): PresentedPrice {
  if (!price || price.price === null || price.observedAt === null)
    return { current: null, source: null, observedAt: null, ageMs: null, isStale: true };
  const { ageMs, isStale } = freshnessOf(price.observedAt, options.now, options.staleAfterMs);
  return {
    current: price.price,
    source: price.source ?? null,
    observedAt: price.observedAt.toISOString(),
    ageMs,
    isStale,
  };
}

/** The price sites' slug of a name: "Kylian Mbappé" → "kylian-mbappe". */
export function urlNameOf(name: string): string {
  return foldName(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Address of the built card image. */
export const cardImagePath = (definitionId: number) => `/api/player-data/fifa/card/${definitionId}`;

/**
 * A player database entry (001 §3). Without metadata: name, rating, rarity and prices only.
 * A card no source has ever priced is extinct (nobody lists it).
 */
export function presentEntry(row: PricedCardRow, options: PresentOptions, includeMetadata = true) {
  const { card } = row;
  const core = {
    id: card.definitionId,
    name: card.name,
    rating: card.rating,
    rarity: rarityOfId(card.rarityId),
    rarityId: card.rarityId,
    pc: presentPrice(row.pc, options),
    ps: presentPrice(row.ps, options),
  };
  if (!includeMetadata) return core;
  const urlName = urlNameOf(card.name);
  const sites = Object.fromEntries(PRICE_SITES.map((site) => [site, { id: card.definitionId, urlName }]));
  return {
    ...core,
    position: card.position,
    isSBC: card.isSbc,
    isObjective: card.isObjective,
    isExtinct: !hasPrice(row.pc) && !hasPrice(row.ps),
    image: cardImagePath(card.definitionId),
    ...(sites as Record<(typeof PRICE_SITES)[number], { id: number; urlName: string }>),
  };
}
export type PlayerEntry = ReturnType<typeof presentEntry>;

/** A name suggestion: id, name and rating. */
export const presentSuggestion = (row: PricedCardRow) => ({
  id: row.card.definitionId,
  name: row.card.name,
  rating: row.card.rating,
});
