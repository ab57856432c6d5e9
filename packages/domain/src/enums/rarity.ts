import { z } from 'zod';
import { optionsOf } from './options.js';

/** The rarities a filter can pick (000 §3). Rare is the price sites' "gold rare". */
export const rarityValues = [
  'any',
  'rare',
  'team_of_the_week',
  'icon',
  'ut_heroes',
  'cornerstones',
  'ratings_reload',
] as const;
export const raritySchema = z.enum(rarityValues);
export type Rarity = z.infer<typeof raritySchema>;

export const rarityLabels: Record<Rarity, string> = {
  any: 'Any',
  rare: 'Rare',
  team_of_the_week: 'Team of the Week',
  icon: 'Icon',
  ut_heroes: 'UT Heroes',
  cornerstones: 'Cornerstones',
  ratings_reload: 'Ratings Reload',
};
export const rarityOptions = optionsOf(rarityLabels);

/** EA rarity ids (`rareflag`). */
export const rarityIds: Record<Rarity, number> = {
  any: -1,
  rare: 1,
  team_of_the_week: 3,
  icon: 12,
  ut_heroes: 72,
  cornerstones: 150,
  ratings_reload: 22,
};

/** Reverse lookup of an EA rarity id; unknown ids fall back to any. */
export function rarityOfId(id: number): Rarity {
  return rarityValues.find((rarity) => rarityIds[rarity] === id) ?? 'any';
}

/** Rarity keys of the price database (external price key). */
export const priceDatabaseRarityKeys: Record<Rarity, string> = {
  any: '',
  rare: 'gold_rare',
  team_of_the_week: 'gold_if',
  ut_heroes: 'heroes',
  cornerstones: 'cornerstones',
  icon: 'icons',
  ratings_reload: 'ratings_reload',
};

/** Rarity codes of the second price site, used by the add-on. */
export const priceSiteRarityCodes: Record<Rarity, string> = {
  any: '',
  rare: 'goldrare',
  team_of_the_week: 'informgold',
  ut_heroes: '72',
  cornerstones: '150',
  icon: '12',
  ratings_reload: '22',
};

function reverse(table: Record<Rarity, string>, key: string): Rarity {
  return rarityValues.find((rarity) => rarity !== 'any' && table[rarity] === key) ?? 'any';
}

/** Rarity of a price-database key; unknown keys fall back to any. */
export function rarityOfPriceDatabaseKey(key: string): Rarity {
  return reverse(priceDatabaseRarityKeys, key);
}

/** Rarity of a price-site code; unknown codes fall back to any. */
export function rarityOfPriceSiteCode(code: string): Rarity {
  return reverse(priceSiteRarityCodes, code);
}
