import { z } from 'zod';
import { auctionInfoSchema, currencySchema, intLike, itemDataSchema, listOf } from './items.js';

export const searchAnswerSchema = z.object({
  auctionInfo: listOf(auctionInfoSchema),
  bidTokens: z.unknown().optional(),
});

export const bidAnswerSchema = z.object({
  auctionInfo: listOf(auctionInfoSchema),
  credits: z.number().int().optional(),
  currencies: listOf(currencySchema),
  duplicateItemIdList: listOf(z.object({ itemId: intLike, duplicateItemId: intLike })),
});

export const tradeStatusAnswerSchema = z.object({
  auctionInfo: listOf(auctionInfoSchema),
  credits: z.number().int().optional(),
});

const priceLimitSchema = z.object({
  defId: intLike.optional(),
  itemId: intLike.optional(),
  minPrice: z.number().int(),
  maxPrice: z.number().int(),
  source: z.string().optional(),
});
export type PriceLimit = z.infer<typeof priceLimitSchema>;
export const priceLimitsAnswerSchema = z.array(priceLimitSchema);

export const pileAnswerSchema = z.object({
  auctionInfo: listOf(auctionInfoSchema),
  credits: z.number().int().optional(),
});

export const unassignedAnswerSchema = z.object({
  itemData: listOf(itemDataSchema),
  duplicateItemIdList: listOf(z.object({ itemId: intLike, duplicateItemId: intLike })),
});
