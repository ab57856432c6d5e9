import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { raritySchema } from '@tradedesk/domain';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import type { PlayersQuery } from '../state/players-query';

const priceSchema = z.object({
  current: z.number().nullable(),
  source: z.string().nullable(),
  isStale: z.boolean(),
});
const siteSchema = z.object({ id: z.number(), urlName: z.string() });

/** A player database entry (spec 001 §3) as the /players page reads it. */
export const playerEntrySchema = z.object({
  id: z.number(),
  name: z.string(),
  rating: z.number(),
  rarity: raritySchema,
  position: z.string(),
  pc: priceSchema,
  ps: priceSchema,
  isSBC: z.boolean(),
  isObjective: z.boolean(),
  isExtinct: z.boolean(),
  futbin: siteSchema,
  futwiz: siteSchema,
  futgg: siteSchema,
});
export type PlayerEntry = z.infer<typeof playerEntrySchema>;

const pageSchema = z.object({
  players: z.array(playerEntrySchema),
  page: z.number(),
  pageSize: z.number(),
  hasNextPage: z.boolean(),
});
export type PlayersPage = z.infer<typeof pageSchema>;

/** GET /api/player-data/players with the page's filters. */
export async function getPlayersPage(query: PlayersQuery): Promise<PlayersPage> {
  return pageSchema.parse(
    await api.get<unknown>('player-data', 'players', {
      name: query.name || undefined,
      rating: query.rating,
      rarity: query.rarity === 'any' ? undefined : query.rarity,
      position: query.position === 'any' ? undefined : query.position,
      minPrice: query.minPrice,
      maxPrice: query.maxPrice,
      page: query.page,
    }),
  );
}

export const playersPageQueryOptions = (query: PlayersQuery) =>
  queryOptions({
    queryKey: ['players-page', query],
    queryFn: () => getPlayersPage(query),
    placeholderData: keepPreviousData,
  });

export const usePlayersPage = (query: PlayersQuery) => useQuery(playersPageQueryOptions(query));
