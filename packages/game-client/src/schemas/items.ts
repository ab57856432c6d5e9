import { z } from 'zod';

/** Integers the game sometimes sends as strings. */
export const intLike = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^-?\d+$/)
    .transform(Number),
]);

/** One card or other item (GAME-PROTOCOL §2.8); unknown fields are dropped. */
export const itemDataSchema = z.object({
  id: intLike,
  assetId: intLike.optional(),
  resourceId: intLike.optional(),
  definitionId: intLike.optional(),
  rating: z.number().int().optional(),
  rareflag: z.number().int().optional(),
  preferredPosition: z.string().optional(),
  possiblePositions: z.array(z.string()).optional(),
  teamid: z.number().int().optional(),
  leagueId: z.number().int().optional(),
  nation: z.number().int().optional(),
  itemType: z.string().optional(),
  cardsubtypeid: z.number().int().optional(),
  discardValue: z.number().int().optional(),
  lastSalePrice: z.number().int().optional(),
  untradeable: z.boolean().optional(),
  untradeableCount: z.number().int().optional(),
  owners: z.number().int().optional(),
  contract: z.number().int().optional(),
  playStyle: z.number().int().optional(),
  pile: z.number().int().optional(),
  itemState: z.string().optional(),
  marketDataMinPrice: z.number().int().optional(),
  marketDataMaxPrice: z.number().int().optional(),
  timestamp: z.number().optional(),
  dream: z.boolean().optional(),
  /** Rarity groups the card belongs to (SBC `PLAYER_RARITY_GROUP` requirements read these). */
  groups: z.array(z.number().int()).optional(),
  /** Sandbox only: a special version the sim invented for a rarity without real cards. */
  synthetic: z.boolean().optional(),
});
export type ItemData = z.infer<typeof itemDataSchema>;

/**
 * The card definition an item is a copy of. The game's items carry it as `resourceId` (the web
 * app's club and pile answers send no `definitionId`); some answers add `definitionId` too.
 */
export function definitionIdOf(item: Pick<ItemData, 'definitionId' | 'resourceId'>): number | undefined {
  return item.definitionId ?? item.resourceId;
}

/** One market listing or transfer-list / watchlist entry. */
export const auctionInfoSchema = z.object({
  tradeId: intLike,
  tradeIdStr: z.string().optional(),
  tradeState: z.enum(['active', 'closed', 'expired', 'inactive']).nullable().optional(),
  bidState: z.string().nullable().optional(),
  buyNowPrice: z.number().int(),
  startingBid: z.number().int(),
  currentBid: z.number().int(),
  offers: z.number().int().optional(),
  expires: z.number().int(),
  watched: z.boolean().nullable().optional(),
  tradeOwner: z.boolean().nullable().optional(),
  sellerName: z.string().nullable().optional(),
  sellerId: z.number().nullable().optional(),
  confidenceValue: z.number().optional(),
  coinsProcessed: z.number().int().optional(),
  itemData: itemDataSchema,
});
export type AuctionInfo = z.infer<typeof auctionInfoSchema>;

export const currencySchema = z.object({
  name: z.string(),
  funds: z.number(),
  finalFunds: z.number().optional(),
});
export type Currency = z.infer<typeof currencySchema>;

/** Accepts a missing or null list as empty (empty piles and markets). */
export const listOf = <T extends z.ZodTypeAny>(schema: T) =>
  z
    .array(schema)
    .nullish()
    .transform((value) => value ?? []);

/** Bodies of write calls that answer with nothing (or an object nobody reads). */
export const emptyAnswerSchema = z.unknown().transform(() => undefined);
