import { useQuery } from '@tanstack/react-query';
import type { Rarity } from '@tradedesk/domain';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

const priceSchema = z.object({ current: z.number().nullable() }).passthrough();
const recordSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    rating: z.number(),
    // Null when no price of the card was seen in the last day: the game's range is not known.
    minPrice: z.number().nullable(),
    maxPrice: z.number().nullable(),
    pc: priceSchema,
    ps: priceSchema,
  })
  .passthrough();
export type PlayerRecord = z.infer<typeof recordSchema>;

/** GET /api/player-data?id=&rarity=: the card's PC and console prices and its price range. */
export const usePlayerRecord = (id: number, rarity: Rarity) =>
  useQuery({
    queryKey: ['player-data', 'record', id, rarity],
    enabled: id > 0 && rarity !== 'any',
    retry: false,
    queryFn: async () => recordSchema.parse(await api.get<unknown>('player-data', '', { id, rarity })),
  });
