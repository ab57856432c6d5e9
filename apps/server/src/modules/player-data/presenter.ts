import { foldName } from '@tradedesk/domain/catalogue';
import { rarityOfId } from '@tradedesk/domain';
import { freshnessOf } from '../prices/freshness.js';
import type { PricedCardRow } from './repo.js';

/** The price sites an entry links to (001 §3). */
type PriceSite = 'futbin' | 'futwiz' | 'futgg';

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

type PriceSiteLink = { id: number; urlName: string };

/** The parts of an entry that never change for a card: built once per card, not per answer. */
interface CardMetadata {
  rarity: ReturnType<typeof rarityOfId>;
  image: string;
  site: PriceSiteLink;
  /** JSON text of the entry's fixed parts, in `presentEntry`'s key order (see `entryJson`). */
  json: { head: string; flags: string; links: string };
}
const metadataByCard = new WeakMap<PricedCardRow['card'], CardMetadata>();

function metadataOf(card: PricedCardRow['card']): CardMetadata {
  let metadata = metadataByCard.get(card);
  if (!metadata) {
    const rarity = rarityOfId(card.rarityId);
    const image = cardImagePath(card.definitionId);
    // The three sites share the catalogue's ids and slugs, so one frozen link serves all three.
    const site = Object.freeze({ id: card.definitionId, urlName: urlNameOf(card.name) });
    const siteJson = JSON.stringify(site);
    const head = {
      id: card.definitionId,
      name: card.name,
      rating: card.rating,
      rarity,
      rarityId: card.rarityId,
    };
    const flags = { position: card.position, isSBC: card.isSbc, isObjective: card.isObjective };
    metadata = {
      rarity,
      image,
      site,
      json: {
        head: JSON.stringify(head).slice(0, -1), // '{"id":…,"rarityId":…' — the object stays open
        flags: JSON.stringify(flags).slice(1, -1),
        links: `"image":${JSON.stringify(image)},"futbin":${siteJson},"futwiz":${siteJson},"futgg":${siteJson}}`,
      },
    };
    metadataByCard.set(card, metadata);
  }
  return metadata;
}

/**
 * A player database entry (001 §3). Without metadata: name, rating, rarity and prices only.
 * A card no source has ever priced is extinct (nobody lists it).
 */
export function presentEntry(row: PricedCardRow, options: PresentOptions, includeMetadata: false): EntryCore;
export function presentEntry(
  row: PricedCardRow,
  options: PresentOptions,
  includeMetadata?: true,
): PlayerEntry;
export function presentEntry(
  row: PricedCardRow,
  options: PresentOptions,
  includeMetadata?: boolean,
): EntryCore | PlayerEntry;
// No object spread: on Node 20 spreading the core into the entry took ~8–14 µs an entry against
// ~0.2 µs for Object.assign, and entries are built for every page and lookup.
export function presentEntry(row: PricedCardRow, options: PresentOptions, includeMetadata = true) {
  const { card } = row;
  const metadata = metadataOf(card);
  const core: EntryCore = {
    id: card.definitionId,
    name: card.name,
    rating: card.rating,
    rarity: metadata.rarity,
    rarityId: card.rarityId,
    pc: presentPrice(row.pc, options),
    ps: presentPrice(row.ps, options),
  };
  if (!includeMetadata) return core;
  const entry: PlayerEntry = Object.assign(core, {
    position: card.position,
    isSBC: card.isSbc,
    isObjective: card.isObjective,
    isExtinct: !hasPrice(row.pc) && !hasPrice(row.ps),
    image: metadata.image,
    futbin: metadata.site,
    futwiz: metadata.site,
    futgg: metadata.site,
  });
  return entry;
}

const NO_PRICE_JSON = JSON.stringify(presentPrice(null, { now: new Date(0), staleAfterMs: 0 }));
/** A price's fixed JSON text (value, source, time), kept per price object: those never change. */
const fixedPriceJson = new WeakMap<object, string>();

/** `JSON.stringify(presentPrice(price, options))`, with only the age worked out per call. */
function priceJson(price: PriceRow, options: PresentOptions): string {
  if (!price || price.price === null || price.observedAt === null) return NO_PRICE_JSON;
  let fixed = fixedPriceJson.get(price);
  if (fixed === undefined) {
    const { current, source, observedAt } = presentPrice(price, options);
    fixed = JSON.stringify({ current, source, observedAt }).slice(0, -1);
    fixedPriceJson.set(price, fixed);
  }
  const { ageMs, isStale } = freshnessOf(price.observedAt, options.now, options.staleAfterMs);
  return `${fixed},"ageMs":${ageMs},"isStale":${isStale}}`;
}

/**
 * `JSON.stringify(presentEntry(row, options, includeMetadata))`, made from text encoded once per
 * card: searches and market pages send hundreds of entries a second, and building then
 * serialising each entry's objects was most of their cost.
 */
export function entryJson(row: PricedCardRow, options: PresentOptions, includeMetadata = true): string {
  const { json } = metadataOf(row.card);
  const prices = `"pc":${priceJson(row.pc, options)},"ps":${priceJson(row.ps, options)}`;
  if (!includeMetadata) return `${json.head},${prices}}`;
  const isExtinct = !hasPrice(row.pc) && !hasPrice(row.ps);
  return `${json.head},${prices},${json.flags},"isExtinct":${isExtinct},${json.links}`;
}

/** An entry without metadata: what the market answer carries when `includeMetadata=false`. */
export interface EntryCore {
  id: number;
  name: string;
  rating: number;
  rarity: CardMetadata['rarity'];
  rarityId: number;
  pc: PresentedPrice;
  ps: PresentedPrice;
}

/** A player database entry with its metadata (001 §3). */
export interface PlayerEntry extends EntryCore, Record<PriceSite, PriceSiteLink> {
  position: string;
  isSBC: boolean;
  isObjective: boolean;
  isExtinct: boolean;
  image: string;
}
