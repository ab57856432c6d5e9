import { platformSchema, positionValues, rarityOfId, rarityValues } from '@tradedesk/domain';
import { z } from 'zod';
import { MAX_SEARCH_RESULTS } from './card-index.js';

/**
 * A rarity key ("icon") or its EA id ("12", as the filter form sends it; unknown ids mean any).
 * A union, not a preprocess: every price-database request checks a rarity, and zod's preprocess
 * costs several times a plain enum.
 */
const raritySchema = z.union(
  [
    z.enum(rarityValues),
    z
      .string()
      .regex(/^-?\d+$/)
      .transform((value) => rarityOfId(Number(value))),
  ],
  {
    errorMap: (_issue, context) =>
      context.data === undefined
        ? { message: 'Please select a rarity' }
        : { message: `Rarity must be one of: ${rarityValues.join(', ')}` },
  },
);
const platform = z.enum(platformSchema.options, {
  errorMap: () => ({ message: 'Platform must be pc or ps' }),
});
const id = (label: string) =>
  z.coerce
    .number({ invalid_type_error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be a positive number`);
const booleanFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false'], { errorMap: () => ({ message: 'Use true or false' }) })
    .optional()
    .transform((value) => (value === undefined ? fallback : value === 'true'));
const name = z.string().trim().max(100, 'Name must be at most 100 characters');
const coins = (label: string) =>
  z.coerce
    .number({ invalid_type_error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .nonnegative(`${label} must not be negative`)
    .optional();

/** GET /api/player-data: by id and rarity, or by name and rarity (numOfResults, default 20). */
export const searchQuery = z
  .object({
    id: id('Player id').optional(),
    name: name.optional(),
    rarity: raritySchema,
    numOfResults: z.coerce
      .number({ invalid_type_error: 'numOfResults must be a number' })
      .int('numOfResults must be a whole number')
      .min(1, `numOfResults must be from 1 to ${MAX_SEARCH_RESULTS}`)
      .max(MAX_SEARCH_RESULTS, `numOfResults must be from 1 to ${MAX_SEARCH_RESULTS}`)
      .default(20),
  })
  .refine((query) => query.id !== undefined || (query.name ?? '') !== '', {
    message: 'Enter a player name or id',
  });

export const priceQuery = z
  .object({ id: id('Player id').optional(), name: name.default(''), rarity: raritySchema, platform })
  .refine((query) => query.id !== undefined || query.name !== '', { message: 'Enter a player name or id' });

export const statisticsQuery = z.object({ definitionId: id('definitionId'), platform, rarity: raritySchema });

export const marketQuery = z.object({
  rarities: z
    .string({ required_error: 'Choose at least one rarity' })
    // Blank parts ("icon," from a joined list) are dropped, so an empty list reads as none chosen.
    .transform((raw) =>
      raw
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    )
    .pipe(
      z
        .array(
          z.enum(rarityValues, {
            errorMap: (_issue, context) => ({ message: `Unknown rarity: ${String(context.data)}` }),
          }),
        )
        .min(1, 'Choose at least one rarity'),
    ),
  includeMetadata: booleanFlag(false),
  isCached: booleanFlag(true),
});

/** GET /api/player-data/players: the /players page (filters as in its query string). */
export const playersQuery = z
  .object({
    name: name.optional(),
    rating: z.coerce
      .number({ invalid_type_error: 'Rating must be a number' })
      .int('Rating must be a whole number')
      .min(1, 'Rating must be from 1 to 99')
      .max(99, 'Rating must be from 1 to 99')
      .optional(),
    rarity: z
      .enum(rarityValues, {
        errorMap: () => ({ message: `Rarity must be one of: ${rarityValues.join(', ')}` }),
      })
      .default('any'),
    position: z
      .enum(positionValues, {
        errorMap: () => ({ message: `Position must be one of: ${positionValues.join(', ')}` }),
      })
      .default('any'),
    minPrice: coins('Min price'),
    maxPrice: coins('Max price'),
    platform: platform.default('ps'),
    page: z.coerce
      .number({ invalid_type_error: 'Page must be a number' })
      .int('Page must be a whole number')
      .min(1, 'Page must be at least 1')
      .max(1_000, 'Page must be at most 1000')
      .default(1),
  })
  .refine(
    (query) =>
      query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice,
    { message: 'Min price must not be above max price' },
  );

export const cardParams = z.object({ id: id('Player id') });
export const cardQuery = z.object({ id: id('Player id'), rarity: raritySchema.optional() });
