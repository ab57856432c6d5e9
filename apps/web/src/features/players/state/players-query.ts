import { MAX_PRICE, positionValues, rarityValues, type Position, type Rarity } from '@tradedesk/domain';

/** The page's filters and page number, as they live in the query string. */
export interface PlayersQuery {
  name: string;
  rating?: number | undefined;
  rarity: Rarity;
  /** The card's preferred position, or a group of positions (defenders …). */
  position: Position;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  page: number;
}

const wholeNumber = (raw: string | null, min: number, max: number): number | undefined => {
  if (raw === null || !/^\d+$/.test(raw)) return undefined;
  const value = Number(raw);
  return value >= min && value <= max ? value : undefined;
};

/** Reads the filters from the query string; anything malformed is ignored, never an error. */
export function readPlayersQuery(params: URLSearchParams): PlayersQuery {
  const rarity = params.get('rarity');
  const position = params.get('position');
  return {
    name: (params.get('name') ?? '').trim(),
    rating: wholeNumber(params.get('rating'), 1, 99),
    rarity: rarityValues.includes(rarity as Rarity) ? (rarity as Rarity) : 'any',
    position: positionValues.includes(position as Position) ? (position as Position) : 'any',
    minPrice: wholeNumber(params.get('minPrice'), 0, MAX_PRICE),
    maxPrice: wholeNumber(params.get('maxPrice'), 0, MAX_PRICE),
    page: wholeNumber(params.get('page'), 1, 1_000) ?? 1,
  };
}

/** Query-string keys this page owns (others, such as iframe, are left alone). */
export const PLAYERS_QUERY_KEYS = [
  'name',
  'rating',
  'rarity',
  'position',
  'minPrice',
  'maxPrice',
  'page',
] as const;

/** The query string of a state; empty filters and page 1 are left out. */
export function writePlayersQuery(query: PlayersQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.name) params.set('name', query.name);
  if (query.rating !== undefined) params.set('rating', String(query.rating));
  if (query.rarity !== 'any') params.set('rarity', query.rarity);
  if (query.position !== 'any') params.set('position', query.position);
  if (query.minPrice !== undefined) params.set('minPrice', String(query.minPrice));
  if (query.maxPrice !== undefined) params.set('maxPrice', String(query.maxPrice));
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

/** Number of filters set in the modal (shown on its button). */
export const activeFilterCount = (query: PlayersQuery) =>
  [
    query.rating,
    query.rarity === 'any' ? undefined : query.rarity,
    query.position === 'any' ? undefined : query.position,
    query.minPrice,
    query.maxPrice,
  ].filter((value) => value !== undefined).length;

/** `params` with this page's keys replaced by `query` (or removed when `query` is undefined). */
export function withPlayersQuery(params: URLSearchParams, query: PlayersQuery | undefined): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of PLAYERS_QUERY_KEYS) next.delete(key);
  if (query) for (const [key, value] of writePlayersQuery(query)) next.set(key, value);
  return next;
}
