import type { Rarity } from '@tradedesk/domain';
import type { Db } from '../../db/client.js';
import { currentPriceMemory } from '../prices/current-price-memory.js';
import { usablePrice } from '../prices/freshness.js';
import { PRICE_RANGE_MAX_AGE_MS, priceRangeOf } from '../prices/price-range.js';
import { cardIndex, pricedRow } from './card-index.js';
import { cardImagePath, hasPrice, type PriceRow } from './presenter.js';
import type { PricedCardRow } from './repo.js';

const priceOf = (row: PriceRow) =>
  row && row.price !== null && row.observedAt !== null
    ? { price: row.price, observedAt: row.observedAt }
    : undefined;

/**
 * The player record of the transfer tool (001 §3): the card and its Buy Now range, computed from
 * the lower of its PC and console prices seen in the last day (null when there is none).
 */
export function recordOf(row: PricedCardRow, now: Date) {
  const prices = [row.pc, row.ps]
    .map((price) => usablePrice(priceOf(price), now, PRICE_RANGE_MAX_AGE_MS))
    .filter((price): price is number => price !== undefined);
  const range = prices.length > 0 ? priceRangeOf(Math.min(...prices)) : undefined;
  return {
    id: row.card.definitionId,
    name: row.card.name,
    rating: row.card.rating,
    minPrice: range?.minPrice ?? null,
    maxPrice: range?.maxPrice ?? null,
    image: cardImagePath(row.card.definitionId),
    isSBC: row.card.isSbc,
    isObjective: row.card.isObjective,
    isExtinct: !hasPrice(row.pc) && !hasPrice(row.ps),
  };
}

/** The record of a card of `rarity`, from the in-memory index and prices (undefined: no such card). */
export async function playerRecord(db: Db, definitionId: number, rarity: Rarity, now: Date) {
  const card = cardIndex().card(definitionId, rarity);
  if (!card) return undefined;
  return recordOf(pricedRow(card, await currentPriceMemory(db).ready(now.getTime())), now);
}
