import type { Platform } from './cards.js';

/** Where an item sits. `seller` = owned by a simulated seller; `won` = won auction in the watchlist. */
export type ItemPlace = 'club' | 'trade' | 'unassigned' | 'won' | 'seller' | 'listed' | 'sbc' | 'gone';

/** Chemistry style id of an item without one (the game's "Basic", GAME-PROTOCOL §2.2 `playStyle`). */
export const BASIC_PLAY_STYLE = 250;

/** One owned copy of a card. */
export interface Item {
  readonly id: number;
  readonly cardIndex: number;
  /** Account id, or 0 for the simulated players of the world. */
  ownerId: number;
  place: ItemPlace;
  untradeable: boolean;
  lastSalePrice: number;
  /** The trade the item was last listed in or bought from (0 = none). */
  tradeId: number;
  playStyle: number;
  /** Previous listing terms, kept for relist-all. */
  lastListing?: { startingBid: number; buyNowPrice: number; duration: number };
}

export type TradeState = 'active' | 'closed' | 'expired';

/** One auction on the transfer market. */
export interface Trade {
  readonly tradeId: number;
  readonly itemId: number;
  readonly cardIndex: number;
  readonly platform: Platform;
  /** Account id of the seller, or 0 for a simulated seller. */
  readonly sellerId: number;
  readonly startingBid: number;
  readonly buyNowPrice: number;
  currentBid: number;
  /** Account id of the highest bidder, -1 for a simulated bidder, 0 for none. */
  highestBidderId: number;
  offers: number;
  readonly listedAt: number;
  readonly visibleAt: number;
  readonly expiresAt: number;
  readonly duration: number;
  state: TradeState;
  /** How it ended: buy now, auction won, expired unsold. */
  outcome?: 'buyNow' | 'bid' | 'expired';
  /** Chemistry style of the listed item; absent = Basic (searchable with `playStyle`). */
  readonly playStyle?: number;
  /** Account ids that bid on, bought or watch this trade (created on first use: most trades have none). */
  watchers?: Set<number>;
}

/** Records that an account follows a trade (keeps the trade queryable after it ends). */
export function addWatcher(trade: Trade, accountId: number): void {
  (trade.watchers ??= new Set()).add(accountId);
}

export function removeWatcher(trade: Trade | undefined, accountId: number): void {
  trade?.watchers?.delete(accountId);
}

export function isWatcher(trade: Trade, accountId: number): boolean {
  return trade.watchers?.has(accountId) ?? false;
}

export type SoftBan = { until: number; code: 512 | 521 };

/** A game account with its club. */
export interface Account {
  /** Nucleus id (pidId). */
  readonly id: number;
  readonly personaId: number;
  readonly email: string;
  passwordDigest: string;
  backupCode: string;
  /** Undefined until the first UT session of an auto-created account fixes it. */
  platform: Platform | undefined;
  readonly personaName: string;
  readonly clubName: string;
  readonly clubAbbr: string;
  readonly createdAt: number;
  coins: number;
  marketLocked: boolean;
  captchaPending: boolean;
  softBan: SoftBan | undefined;
  /** Items on the transfer list (unlisted, listed, expired). */
  readonly tradepile: Set<number>;
  /** Sold trades still shown on the transfer list until cleared. */
  readonly soldTrades: Set<number>;
  readonly watchlist: Set<number>;
  /** Unassigned items, oldest first. */
  readonly unassigned: number[];
  readonly club: Set<number>;
}

/** An item shell for presenting a card nobody owns (card versions, SBC awards). */
export function catalogueItem(cardIndex: number, untradeable = false): Item {
  return {
    id: 0,
    cardIndex,
    ownerId: 0,
    place: 'gone',
    untradeable,
    lastSalePrice: 0,
    tradeId: 0,
    playStyle: BASIC_PLAY_STYLE,
  };
}
