import { z } from 'zod';
import { intLike, nonNegativeIntLike } from './common.js';

const externalSiteSchema = z.object({ id: z.union([z.string(), z.number()]), urlName: z.string() });

/** A row of the price database, keyed by player id; prices per platform. */
export const playerDatabaseEntrySchema = z.object({
  name: z.string(),
  rating: intLike(),
  rarity: intLike(),
  pc: z.object({ current: nonNegativeIntLike() }),
  ps: z.object({ current: nonNegativeIntLike() }),
  isSBC: z.boolean(),
  isObjective: z.boolean(),
  isExtinct: z.boolean(),
  futbin: externalSiteSchema.optional(),
  futwiz: externalSiteSchema.optional(),
  futgg: externalSiteSchema.optional(),
});
export type PlayerDatabaseEntry = z.infer<typeof playerDatabaseEntrySchema>;
export const playerDatabaseSchema = z.record(z.string(), playerDatabaseEntrySchema);
export type PlayerDatabase = z.infer<typeof playerDatabaseSchema>;

export const playerSuggestionSchema = z.object({ id: intLike(), name: z.string(), rating: intLike() });
export type PlayerSuggestion = z.infer<typeof playerSuggestionSchema>;

/** A player as the transfer tool shows it; min/max are the card's allowed price range. */
export const playerRecordSchema = z.object({
  id: intLike(),
  name: z.string(),
  rating: intLike(),
  minPrice: nonNegativeIntLike(),
  maxPrice: nonNegativeIntLike(),
  image: z.string(),
  isSBC: z.boolean(),
  isObjective: z.boolean(),
  isExtinct: z.boolean(),
});
export type PlayerRecord = z.infer<typeof playerRecordSchema>;
