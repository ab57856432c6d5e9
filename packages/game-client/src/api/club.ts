import { z } from 'zod';
import type { GameClientConfig } from '../config.js';
import type { GameCaller } from '../game-http.js';
import { parseInput } from '../input.js';
import { itemDataSchema, listOf, type ItemData } from '../schemas/items.js';

const itemsAnswerSchema = z.object({ itemData: listOf(itemDataSchema) });

const clubSearchSchema = z.object({
  /** Only versions of this definition (or base) id. */
  definitionId: z.number().int().positive().optional(),
  page: z.number().int().min(0).default(0),
  /** By value: `desc` (the web app's order) most valuable first, `asc` cheapest first. */
  sort: z.enum(['asc', 'desc']).default('desc'),
});
export type ClubSearch = z.input<typeof clubSearchSchema>;

export interface ClubPage {
  items: ItemData[];
  hasNextPage: boolean;
}

/** The account's own club and the card catalogue's versions. */
export function createClubApi(call: GameCaller, config: GameClientConfig) {
  return {
    /** POST `club` (FC 24+ form): one page of club players by value, most valuable first unless `sort: 'asc'`. */
    async search(input: ClubSearch = {}): Promise<ClubPage> {
      const search = parseInput(clubSearchSchema, input, 'club search');
      const pageSize = config.clubPageSize;
      const answer = await call({
        method: 'POST',
        path: 'club',
        body: {
          count: pageSize + 1,
          searchAltPositions: true,
          sort: search.sort,
          sortBy: 'value',
          start: search.page * pageSize,
          type: 'player',
          ...(search.definitionId === undefined ? {} : { defId: search.definitionId }),
        },
        schema: itemsAnswerSchema,
      });
      return { items: answer.itemData.slice(0, pageSize), hasNextPage: answer.itemData.length > pageSize };
    },

    /** GET `defid?type=player&defId=<baseId>`: every version of one player. */
    async cardVersions(baseId: number): Promise<ItemData[]> {
      const valid = parseInput(z.number().int().positive(), baseId, 'base id');
      const answer = await call({
        method: 'GET',
        path: 'defid',
        query: { type: 'player', defId: valid, start: 0, count: 21 },
        schema: itemsAnswerSchema,
      });
      return answer.itemData;
    },
  };
}

export type ClubApi = ReturnType<typeof createClubApi>;
