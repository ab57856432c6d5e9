import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Platform, Rarity } from '@tradedesk/domain';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

// Loaded with the price history dialog only (its own chunk, with the chart library).

const historySchema = z.object({
  min: z.number().nullable(),
  max: z.number().nullable(),
  average: z.number().nullable(),
  /** % change from the week's first price to its last. */
  trend: z.number(),
  observations: z.number(),
  /** The average price of each hour with observations, oldest first (`at`: the hour's start). */
  history: z.array(z.object({ at: z.string(), price: z.number() })),
});
export type PriceHistory = z.infer<typeof historySchema>;

export type PriceHistoryCard = { id: number; rarity: Rarity };

/** GET /api/player-data/price/statistics: the last 7 days of one card on one platform. */
export async function getPriceHistory(card: PriceHistoryCard, platform: Platform): Promise<PriceHistory> {
  return historySchema.parse(
    await api.get<unknown>('player-data', 'price/statistics', {
      definitionId: card.id,
      platform,
      rarity: card.rarity,
    }),
  );
}

export const priceHistoryQueryOptions = (card: PriceHistoryCard, platform: Platform) =>
  queryOptions({
    queryKey: ['price-history', card.id, card.rarity, platform],
    queryFn: () => getPriceHistory(card, platform),
    // The dialog says what went wrong in its own words, beside the chart it could not draw.
    meta: { silent: true },
  });

export const usePriceHistory = (card: PriceHistoryCard, platform: Platform) =>
  useQuery(priceHistoryQueryOptions(card, platform));
