import { z } from 'zod';
import { MARKET_POSITIONS, type SearchCriteria } from '../world/market-index.js';

const int = z.coerce.number().int().nonnegative();
const idList = z
  .string()
  .regex(/^\d+(,\d+)*$/, 'must be a comma list of ids')
  .transform((raw) => raw.split(',').map(Number));

const ZONES: Record<string, readonly string[]> = {
  defense: ['RWB', 'RB', 'CB', 'LB', 'LWB'],
  midfield: ['CDM', 'RM', 'CM', 'LM', 'CAM'],
  attacker: ['RF', 'CF', 'LF', 'RW', 'ST', 'LW'],
};

/** Query of GET transfermarket (GAME-PROTOCOL §2.2). */
export const searchQuerySchema = z.object({
  num: z.coerce.number().int().min(1).max(100),
  start: int,
  type: z.enum(['player', 'training', 'development', 'clubInfo', 'staff', 'stadium', 'ball']),
  maskedDefId: int.optional(),
  definitionId: int.optional(),
  lev: z.enum(['bronze', 'silver', 'gold']).optional(),
  rare: z.string().regex(/^sp$/i, 'rare must be SP').optional(),
  rarityIds: idList.optional(),
  pos: z.enum(MARKET_POSITIONS).optional(),
  zone: z.enum(['defense', 'midfield', 'attacker']).optional(),
  nat: int.optional(),
  leag: int.optional(),
  team: int.optional(),
  playStyle: int.optional(),
  cat: z.string().optional(),
  micr: int.optional(),
  macr: int.optional(),
  minb: int.optional(),
  maxb: int.optional(),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** Turns the wire query into index criteria. */
export function toCriteria(query: SearchQuery): SearchCriteria {
  const positions = query.pos
    ? new Set<string>([query.pos])
    : query.zone
      ? new Set(ZONES[query.zone])
      : undefined;
  const criteria: SearchCriteria = {
    definitionId: query.definitionId,
    maskedDefId: query.maskedDefId,
    lev: query.lev,
    special: query.rare !== undefined,
    rarityIds: query.rarityIds,
    positions,
    nat: query.nat,
    leag: query.leag,
    team: query.team,
    playStyle: query.playStyle,
    micr: query.micr || undefined,
    macr: query.macr || undefined,
    minb: query.minb || undefined,
    maxb: query.maxb || undefined,
  };
  return criteria;
}

export const bidBodySchema = z.object({ bid: z.number().int().nonnegative() });

export const moveBodySchema = z.object({
  itemData: z
    .array(
      z.object({
        id: z.coerce.number().int().positive(),
        pile: z.enum(['club', 'trade']),
        tradeId: z.coerce.number().int().nonnegative().optional(),
      }),
    )
    .min(1),
});

export const listBodySchema = z.object({
  itemData: z.object({ id: z.coerce.number().int().positive() }),
  startingBid: z.number().int(),
  buyNowPrice: z.number().int(),
  duration: z.number().int(),
});

export const watchBodySchema = z.object({
  auctionInfo: z.array(z.object({ id: z.coerce.number().int().positive() })).min(1),
});

export const clubBodySchema = z.object({
  count: z.number().int().min(1).max(200).default(91),
  start: z.number().int().nonnegative().default(0),
  type: z.string().default('player'),
  sort: z.enum(['asc', 'desc']).default('desc'),
  sortBy: z.string().default('value'),
  defId: z.union([z.number(), z.string()]).optional(),
  searchAltPositions: z.boolean().optional(),
});
