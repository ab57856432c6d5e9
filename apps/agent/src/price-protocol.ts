import { platformSchema, raritySchema } from '@tradedesk/domain';
import { z } from 'zod';

/**
 * Prices over `/client/agent` (docs/realtime.md): `price-request` (agent → server, acknowledged
 * with a `PriceAnswer` read from the price database) and `price-observations` (agent → server,
 * the lowest Buy Now its sessions saw per card, stored as the freshest price).
 */
export const priceRequestSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('player'),
    definitionId: z.number().int().positive(),
    platform: platformSchema,
  }),
  z.object({ kind: z.literal('rarity'), rarity: raritySchema.exclude(['any']), platform: platformSchema }),
  z.object({
    kind: z.literal('fodder'),
    rating: z.number().int().min(1).max(99),
    quality: z.enum(['gold', 'special']),
    platform: platformSchema,
  }),
]);
export type PriceRequest = z.infer<typeof priceRequestSchema>;

/** A current price as the database holds it; `observedAt` in epoch ms (the engine judges staleness). */
export const wirePriceQuoteSchema = z.object({
  definitionId: z.number().int(),
  price: z.number().int().positive(),
  source: z.string(),
  observedAt: z.number(),
  playerName: z.string().optional(),
});
export type WirePriceQuote = z.infer<typeof wirePriceQuoteSchema>;

export const priceAnswerSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), quotes: z.array(wirePriceQuoteSchema) }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);
export type PriceAnswer = z.infer<typeof priceAnswerSchema>;

/** One batch of observed minimum Buy Now prices (one entry per card and platform). */
export const priceObservationsSchema = z.object({
  observations: z
    .array(
      z.object({
        definitionId: z.number().int().positive(),
        platform: platformSchema,
        price: z.number().int().positive(),
        observedAt: z.number(),
      }),
    )
    .min(1)
    .max(1_000),
});
export type PriceObservations = z.infer<typeof priceObservationsSchema>;
