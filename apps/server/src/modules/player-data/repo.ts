import { and, asc, desc, eq, gte, inArray, like, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Platform } from '@tradedesk/domain';
import type { Db } from '../../db/client.js';
import { currentPrices, playerCards, playerNameTokens, priceObservations } from '../../db/schema-prices.js';

const pcPrice = alias(currentPrices, 'pc_price');
const psPrice = alias(currentPrices, 'ps_price');
const priceColumns = (table: typeof pcPrice | typeof psPrice) => ({
  price: table.price,
  source: table.source,
  observedAt: table.observedAt,
});

/** A card with its current PC and console prices (null when none was ever observed). */
function selectCards(db: Db) {
  return db
    .select({ card: playerCards, pc: priceColumns(pcPrice), ps: priceColumns(psPrice) })
    .from(playerCards)
    .leftJoin(pcPrice, and(eq(pcPrice.definitionId, playerCards.definitionId), eq(pcPrice.platform, 'pc')))
    .leftJoin(psPrice, and(eq(psPrice.definitionId, playerCards.definitionId), eq(psPrice.platform, 'ps')));
}
export type PricedCardRow = Awaited<ReturnType<ReturnType<typeof selectCards>['execute']>>[number];

/** LIKE treats % and _ as wildcards; a typed name must match them literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Cards whose folded names or name words start with `folded`; exact names first, then rating.
 * The best `limit` ids are chosen on the token index alone; only they are joined to prices.
 */
export function searchByName(db: Db, folded: string, rarityId: number | undefined, limit: number) {
  const rank = sql<number>`min(case when ${playerNameTokens.token} = ${folded} then 0 else 1 end)`;
  const best = db
    .select({ definitionId: playerNameTokens.definitionId, rank: rank.as('rank') })
    .from(playerNameTokens)
    .where(
      and(
        like(playerNameTokens.token, `${escapeLike(folded)}%`),
        rarityId === undefined ? undefined : eq(playerNameTokens.rarityId, rarityId),
      ),
    )
    .groupBy(playerNameTokens.definitionId)
    .orderBy(rank, desc(sql`max(${playerNameTokens.rating})`), asc(playerNameTokens.definitionId))
    .limit(limit)
    .as('best');
  return selectCards(db)
    .innerJoin(best, eq(best.definitionId, playerCards.definitionId))
    .orderBy(asc(best.rank), desc(playerCards.rating), asc(playerCards.definitionId));
}

export interface PlayerPageFilter {
  folded?: string | undefined;
  rating?: number | undefined;
  rarityId?: number | undefined;
  /** Preferred position codes to keep (a position filter); undefined keeps all. */
  positions?: readonly string[] | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  pricePlatform: Platform;
}

/** One page of the players database, best rating first; `limit` rows from `offset`. */
export function playerPage(db: Db, filter: PlayerPageFilter, offset: number, limit: number) {
  const price = filter.pricePlatform === 'pc' ? pcPrice.price : psPrice.price;
  const conditions: (SQL | undefined)[] = [
    filter.rating === undefined ? undefined : eq(playerCards.rating, filter.rating),
    filter.rarityId === undefined ? undefined : eq(playerCards.rarityId, filter.rarityId),
    filter.positions === undefined ? undefined : inArray(playerCards.position, [...filter.positions]),
    filter.minPrice === undefined ? undefined : gte(price, filter.minPrice),
    filter.maxPrice === undefined ? undefined : lte(price, filter.maxPrice),
    filter.folded
      ? sql`${playerCards.definitionId} IN (SELECT ${playerNameTokens.definitionId} FROM ${playerNameTokens}
          WHERE ${like(playerNameTokens.token, `${escapeLike(filter.folded)}%`)})`
      : undefined,
  ];
  return selectCards(db)
    .where(and(...conditions))
    .orderBy(desc(playerCards.rating), asc(playerCards.definitionId))
    .offset(offset)
    .limit(limit);
}

/**
 * One card's prices on one platform since `since` (all sources), summed up by the database: the
 * count, lowest, highest and mean, the first and last price, and the mean of each UTC hour, oldest
 * first. A week holds ~30,000 observations a card; the answer at most 169 hours and two rows.
 */
export async function priceWeek(db: Db, definitionId: number, platform: Platform, since: Date) {
  const inWindow = and(
    eq(priceObservations.definitionId, definitionId),
    eq(priceObservations.platform, platform),
    gte(priceObservations.observedAt, since),
  );
  const hour = sql<string>`date_trunc('hour', ${priceObservations.observedAt} at time zone 'UTC')`;
  const [summary] = await db
    .select({
      count: sql<number>`count(*)::int`,
      min: sql<number | null>`min(${priceObservations.price})::float8`,
      max: sql<number | null>`max(${priceObservations.price})::float8`,
      mean: sql<number | null>`avg(${priceObservations.price})::float8`,
    })
    .from(priceObservations)
    .where(inWindow);
  const edge = (order: typeof asc) =>
    db
      .select({ price: priceObservations.price })
      .from(priceObservations)
      .where(inWindow)
      .orderBy(order(priceObservations.observedAt))
      .limit(1);
  const [[first], [last], hours] = await Promise.all([
    edge(asc),
    edge(desc),
    db
      .select({
        hour: sql<string>`to_char(${hour}, 'YYYY-MM-DD"T"HH24:00:00.000"Z"')`,
        mean: sql<number>`avg(${priceObservations.price})::float8`,
      })
      .from(priceObservations)
      .where(inWindow)
      .groupBy(hour)
      .orderBy(hour),
  ]);
  return {
    count: summary?.count ?? 0,
    min: summary?.min ?? null,
    max: summary?.max ?? null,
    mean: summary?.mean ?? null,
    first: first?.price,
    last: last?.price,
    hours,
  };
}
