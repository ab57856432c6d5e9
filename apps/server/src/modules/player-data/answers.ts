import { platformSchema, raritySchema } from '@tradedesk/domain';
import { z } from 'zod';
import { answerOf } from '../../lib/answer.js';
import type { EntryCore, PlayerEntry, PresentedPrice } from './presenter.js';

/*
 * The response schemas of /api/player-data's object answers, checked against the presenter's
 * types. The search and the market answers are JSON text built by the service (the hot paths),
 * sent as they are; the images are SVG.
 */

const presentedPriceSchema = z.object({
  current: z.number().nullable(),
  source: z.string().nullable(),
  observedAt: z.string().nullable(),
  ageMs: z.number().nullable(),
  isStale: z.boolean(),
}) satisfies z.ZodType<PresentedPrice>;

const entryCoreSchema = z.object({
  id: z.number(),
  name: z.string(),
  rating: z.number(),
  rarity: raritySchema,
  rarityId: z.number(),
  pc: presentedPriceSchema,
  ps: presentedPriceSchema,
}) satisfies z.ZodType<EntryCore>;

const priceSiteLinkSchema = z.object({ id: z.number(), urlName: z.string() });

const playerEntrySchema = entryCoreSchema.extend({
  position: z.string(),
  isSBC: z.boolean(),
  isObjective: z.boolean(),
  isExtinct: z.boolean(),
  image: z.string(),
  futbin: priceSiteLinkSchema,
  futwiz: priceSiteLinkSchema,
  futgg: priceSiteLinkSchema,
}) satisfies z.ZodType<PlayerEntry>;

/** GET /api/player-data?id=…: the entry and its Buy Now range (null without a recent price). */
export const entryAnswer = answerOf(
  playerEntrySchema.extend({ minPrice: z.number().nullable(), maxPrice: z.number().nullable() }),
);

/** GET /api/player-data/price: the card and its price on one platform. */
export const priceAnswer = answerOf(
  presentedPriceSchema.extend({
    id: z.number(),
    name: z.string(),
    rating: z.number(),
    platform: platformSchema,
  }),
);

/** GET /api/player-data/price/statistics: the last 7 days of one card on one platform. */
export const statisticsAnswer = answerOf(
  z.object({
    id: z.number(),
    platform: platformSchema,
    current: presentedPriceSchema,
    min: z.number().nullable(),
    max: z.number().nullable(),
    average: z.number().nullable(),
    trend: z.number(),
    observations: z.number(),
    /** The average price of each hour with observations, oldest first (`at`: the hour's start). */
    history: z.array(z.object({ at: z.string(), price: z.number() })),
  }),
);

/** GET /api/player-data/players: one page of the players page. */
export const playersPageAnswer = answerOf(
  z.object({
    players: z.array(playerEntrySchema),
    page: z.number(),
    pageSize: z.number(),
    hasNextPage: z.boolean(),
  }),
);
