import { hashUnit } from '../core/rng.js';
import { MAX_PRICE, nextPrice, previousPrice, snapPrice } from '@tradedesk/domain';
import type { CatalogueRow } from '@tradedesk/domain/catalogue';

export type Platform = 'pc' | 'ps';
export type Quality = 'bronze' | 'silver' | 'gold';

/** One card definition of the world, with its market parameters. */
export interface CardDef {
  readonly definitionId: number;
  readonly baseId: number;
  readonly name: string;
  readonly rating: number;
  readonly position: string;
  readonly positions: readonly string[];
  readonly rarityId: number;
  readonly clubId: number;
  readonly leagueId: number;
  readonly nationId: number;
  readonly quality: Quality;
  /** Any promo rarity (not common 0 / rare 1). */
  readonly special: boolean;
  /** True for versions the sim invented for spec rarities without cards. */
  readonly synthetic: boolean;
  /** Market value on day 0 (console); PC differs by a per-card factor. */
  readonly baseValue: number;
  readonly pcFactor: number;
  readonly discardValue: number;
}

const SPEC_RARITIES_WITHOUT_CARDS = [22, 150] as const;
const VERSION_STRIDE = 16_777_216;

export function qualityOf(rating: number): Quality {
  if (rating >= 75) return 'gold';
  if (rating >= 65) return 'silver';
  return 'bronze';
}

/** Value from rating when the catalogue has no price: roughly the shape of real markets. */
function valueFromRating(rating: number, special: boolean): number {
  const base = rating < 75 ? 200 + Math.max(0, rating - 60) * 20 : 400 * Math.pow(1.32, rating - 75);
  return snapPrice(special ? base * 3 : base);
}

function discardValueOf(rating: number, rarityId: number): number {
  const quality = qualityOf(rating);
  const perPoint = quality === 'gold' ? 3 : quality === 'silver' ? 2 : 1;
  return rating * perPoint * (rarityId === 0 ? 1 : 2);
}

function toCard(row: CatalogueRow, synthetic: boolean, seed: number): CardDef {
  const special = row.rarityId !== 0 && row.rarityId !== 1;
  const value =
    row.externalPrice && row.externalPrice >= 150
      ? snapPrice(row.externalPrice)
      : valueFromRating(row.rating, special);
  return {
    definitionId: row.definitionId,
    baseId: row.baseId,
    name: row.name,
    rating: row.rating,
    position: row.position,
    positions: row.positions,
    rarityId: row.rarityId,
    clubId: row.clubId ?? 0,
    leagueId: row.leagueId,
    nationId: row.nationId,
    quality: qualityOf(row.rating),
    special,
    synthetic,
    baseValue: Math.min(value, MAX_PRICE / 4),
    // PC and console markets differ: PC prices run 15 % below to 25 % above console.
    pcFactor: 0.85 + hashUnit(seed, row.definitionId, 7) * 0.4,
    // Capped well below the value so buying and quick-selling never prints coins.
    discardValue: Math.min(discardValueOf(row.rating, row.rarityId), Math.floor(value * 0.5)),
  };
}

/** Synthetic special versions for spec rarities that have no cards, built from top rare golds. */
function syntheticRows(rows: readonly CatalogueRow[], perRarity: number, seed: number): CatalogueRow[] {
  const donors = rows.filter((row) => row.rarityId === 1 && row.rating >= 80).slice(0, perRarity * 3);
  const result: CatalogueRow[] = [];
  SPEC_RARITIES_WITHOUT_CARDS.forEach((rarityId, rarityIndex) => {
    for (let index = 0; index < perRarity && index < donors.length; index += 1) {
      const donor = donors[Math.floor(hashUnit(seed, rarityId, index) * donors.length)] ?? donors[index];
      if (!donor) continue;
      const boost = 1 + Math.floor(hashUnit(seed, rarityId, index, 3) * 5);
      result.push({
        ...donor,
        // Version numbers 60+ never collide with the catalogue's special versions.
        definitionId: donor.baseId + (60 + rarityIndex * 2 + (index % 2)) * VERSION_STRIDE,
        rating: Math.min(99, donor.rating + boost),
        rarityId,
        externalPrice: undefined,
      });
    }
  });
  const seen = new Set<number>();
  return result.filter((row) => !seen.has(row.definitionId) && seen.add(row.definitionId));
}

/** Builds every card definition of the world. */
export function buildCards(rows: readonly CatalogueRow[], perRarity: number, seed: number): CardDef[] {
  const cards = rows.map((row) => toCard(row, false, seed));
  for (const row of syntheticRows(rows, perRarity, seed)) cards.push(toCard(row, true, seed));
  return cards;
}

/** A card's value to start the world from (a price database's current prices). */
export interface CardStartValue {
  readonly definitionId: number;
  readonly pc?: number | undefined;
  readonly ps?: number | undefined;
}

/**
 * Starts the named cards at the given values (console price as the base, PC by its ratio to it);
 * other cards keep the sim's own. Values under the market's floor are ignored.
 */
export function withStartValues(cards: readonly CardDef[], values: readonly CardStartValue[]): CardDef[] {
  const byDefinition = new Map(values.map((value) => [value.definitionId, value]));
  const usable = (price: number | undefined) => (price !== undefined && price >= 150 ? price : undefined);
  return cards.map((card) => {
    const start = byDefinition.get(card.definitionId);
    const ps = usable(start?.ps);
    const pc = usable(start?.pc);
    if (ps !== undefined) {
      const pcFactor = pc === undefined ? card.pcFactor : pc / ps;
      return { ...card, baseValue: Math.min(ps, MAX_PRICE / 4), pcFactor };
    }
    if (pc === undefined) return card;
    return { ...card, baseValue: Math.min(pc / card.pcFactor, MAX_PRICE / 4) };
  });
}

/** Price limits on the ladder around a value (EA's ranges are wide bands around the average). */
export function priceLimitsFor(value: number): { minPrice: number; maxPrice: number } {
  const minPrice = value < 1_000 ? 150 : snapPrice(value * 0.3);
  const maxPrice = Math.max(nextPrice(nextPrice(minPrice)), snapPrice(Math.max(value * 3, 10_000)));
  return { minPrice: Math.min(minPrice, previousPrice(maxPrice)), maxPrice };
}
