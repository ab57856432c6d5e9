import type { SbcCard } from '@tradedesk/domain';
import { loadCatalogue, sbcCardOf } from '@tradedesk/domain/catalogue';
import { createRng } from '../core/rng.js';
import { buildCards, type CardDef } from '../world/cards.js';
import { groupsOf } from './requirements.js';

/** A pool card as the solver reads it: the card facts and its cheapest Buy Now price. */
export interface PoolMarketCard extends SbcCard {
  readonly definitionId: number;
  readonly assetId: number;
  readonly groups: readonly number[];
  readonly price: number;
}

/** A card the pool's account owns, worth `sellValue` (quick sell if untradeable, else price after tax). */
export interface PoolOwnedCard extends Omit<PoolMarketCard, 'price'> {
  readonly itemId: number;
  readonly untradeable: boolean;
  readonly firstOwner: boolean;
  readonly sellValue: number;
}

export interface StandardPool {
  readonly market: readonly PoolMarketCard[];
  readonly owned: readonly PoolOwnedCard[];
}

/** EA's 5 % sale tax: what a tradeable owned card is worth when sold instead. */
const AFTER_TAX = 0.95;
const FIRST_OWNED_ITEM_ID = 900_000_000_001;

function marketCard(card: CardDef): PoolMarketCard & { discardValue: number } {
  return {
    ...sbcCardOf(card),
    groups: groupsOf(card),
    price: card.baseValue,
    discardValue: card.discardValue,
  };
}

/**
 * A seeded pool for SBC solving: `size` distinct catalogue cards on the market at the world's
 * day-0 values, and an account owning `ownedCount` of them (two in three untradeable and first
 * owner, as packed cards are, valued at their quick-sell value; the rest tradeable, valued at
 * their price after tax). The same seed always gives the same pool.
 */
export function standardPool(seed: number, size = 5_000, ownedCount = 250): StandardPool {
  const cards = buildCards(loadCatalogue().cards, 0, seed);
  const rng = createRng(seed);
  const order = cards.map((_, index) => index);
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = rng.int(0, i);
    [order[i], order[j]] = [order[j] ?? 0, order[i] ?? 0];
  }
  const drawn = order.slice(0, Math.min(size, order.length)).map((index) => cards[index] as CardDef);
  const listed = drawn.map(marketCard);
  const owned = listed.slice(0, ownedCount).map((card, index): PoolOwnedCard => {
    const untradeable = index % 3 !== 2;
    const { price, discardValue, ...facts } = card;
    return {
      ...facts,
      itemId: FIRST_OWNED_ITEM_ID + index,
      untradeable,
      firstOwner: untradeable,
      // An untradeable card can only be quick sold.
      sellValue: untradeable ? discardValue : Math.floor(price * AFTER_TAX),
    };
  });
  const market = listed.map(({ discardValue: _discardValue, ...card }) => card);
  return { market, owned };
}
