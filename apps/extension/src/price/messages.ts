import { platformSchema } from '@tradedesk/domain';
import { z } from 'zod';

/** A card the overlay needs a price for: the price database keys prices by card and rarity. */
export const priceKeySchema = z.object({
  definitionId: z.number().int().positive(),
  rarityId: z.number().int().nonnegative(),
});
export type PriceKey = z.infer<typeof priceKeySchema>;

const siteSchema = z.object({ id: z.union([z.string().max(100), z.number()]), urlName: z.string().max(200) });

/** What the overlay shows of a price-database entry. */
export const overlayPriceSchema = z.object({
  definitionId: z.number().int(),
  name: z.string().max(200),
  /** The price on the asked platform; null when the database has none. */
  price: z.number().int().nonnegative().nullable(),
  sites: z.object({ futbin: siteSchema, futwiz: siteSchema, futgg: siteSchema }).partial(),
});
export type OverlayPrice = z.infer<typeof overlayPriceSchema>;

/** Messages from the content script and the options page to the add-on's background worker. */
export const backgroundRequestSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('prices'), platform: platformSchema, cards: z.array(priceKeySchema).max(50) }),
  z.object({ type: z.literal('sync') }),
]);
export type BackgroundRequest = z.infer<typeof backgroundRequestSchema>;

export type PricesAnswer = { ok: true; prices: (OverlayPrice | null)[] } | { ok: false; message: string };
export type SyncAnswer = { ok: true; syncedAt: string } | { ok: false; message: string };

export const priceKeyText = (key: PriceKey) => `${key.definitionId}:${key.rarityId}`;
