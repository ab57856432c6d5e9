import type { Platform } from '@tradedesk/domain';
import { and, asc, eq, inArray, notInArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { currentPrices, playerCards } from '../../db/schema-prices.js';

/** A current price with its card's name (null: a card the catalogue does not know). */
export interface PriceQuoteRow {
  definitionId: number;
  price: number;
  source: string;
  observedAt: Date;
  playerName: string | null;
}

const quoteColumns = {
  definitionId: currentPrices.definitionId,
  price: currentPrices.price,
  source: currentPrices.source,
  observedAt: currentPrices.observedAt,
  playerName: playerCards.name,
};

const quotes = (db: Db, platform: Platform, where: SQL | undefined) =>
  db
    .select(quoteColumns)
    .from(currentPrices)
    .leftJoin(playerCards, eq(playerCards.definitionId, currentPrices.definitionId))
    .where(and(eq(currentPrices.platform, platform), where));

/** Current prices as the agents ask for them (`current_prices` with `player_cards`' names). */
export const priceQuoteRepo = {
  ofCard: (db: Db, platform: Platform, definitionId: number): Promise<PriceQuoteRow[]> =>
    quotes(db, platform, eq(currentPrices.definitionId, definitionId)),

  ofRarity: (db: Db, platform: Platform, rarityId: number): Promise<PriceQuoteRow[]> =>
    quotes(db, platform, eq(playerCards.rarityId, rarityId)),

  /** The cheapest card of a rating whose rarity is (or, `among: false`, is not) one of `rarityIds`. */
  cheapestOfRating: (
    db: Db,
    platform: Platform,
    rating: number,
    rarityIds: readonly number[],
    among: boolean,
  ): Promise<PriceQuoteRow[]> =>
    quotes(
      db,
      platform,
      and(
        eq(playerCards.rating, rating),
        among
          ? inArray(playerCards.rarityId, [...rarityIds])
          : notInArray(playerCards.rarityId, [...rarityIds]),
      ),
    )
      .orderBy(asc(currentPrices.price))
      .limit(1),
};
