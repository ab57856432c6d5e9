import { z } from 'zod';
import { optionsOf } from './options.js';

export const qualityValues = ['any', 'bronze', 'silver', 'gold', 'special'] as const;
export const qualitySchema = z.enum(qualityValues);
export type Quality = z.infer<typeof qualitySchema>;
export const qualityLabels: Record<Quality, string> = {
  any: 'Any',
  bronze: 'Bronze',
  silver: 'Silver',
  gold: 'Gold',
  special: 'Special',
};
export const qualityOptions = optionsOf(qualityLabels);

/** EA's card-level ids (search.cardLevels); Any is -1. */
export const qualityIds: Record<Quality, number> = { any: -1, bronze: 1, silver: 2, gold: 3, special: 4 };

/** Rating bands of base items: bronze < 65 <= silver < 75 <= gold. */
export function qualityOfRating(rating: number): Exclude<Quality, 'any' | 'special'> {
  if (rating < 65) return 'bronze';
  if (rating < 75) return 'silver';
  return 'gold';
}

/** Quality of a card: common (0) and rare (1) cards by rating, every other rarity is special. */
export function qualityOfCard(rating: number, rarityId: number): Exclude<Quality, 'any'> {
  return rarityId === 0 || rarityId === 1 ? qualityOfRating(rating) : 'special';
}

/** Playstyle criterion of a filter: Any or Playstyle+. */
export const playstyleValues = ['any', 'playstyle_plus'] as const;
export const playstyleSchema = z.enum(playstyleValues);
export type Playstyle = z.infer<typeof playstyleSchema>;
export const playstyleLabels: Record<Playstyle, string> = { any: 'Any', playstyle_plus: 'Playstyle+' };
export const playstyleOptions = optionsOf(playstyleLabels);
