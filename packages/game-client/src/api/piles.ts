import { z } from 'zod';
import { errorFromCode } from '../error-mapping.js';
import type { GameError } from '../errors.js';
import type { GameCaller } from '../game-http.js';
import { parseInput } from '../input.js';
import { emptyAnswerSchema, type AuctionInfo, type ItemData } from '../schemas/items.js';
import { pileAnswerSchema, unassignedAnswerSchema } from '../schemas/market.js';
import {
  listAnswerSchema,
  moveAnswerSchema,
  quickSellAnswerSchema,
  relistAnswerSchema,
} from '../schemas/piles.js';

const id = z.number().int().positive();

/** Listing durations the game accepts, in seconds (1, 3, 6, 12, 24, 72 hours). */
export const listingDurations = [3600, 10800, 21600, 43200, 86400, 259200] as const;

const listingSchema = z
  .object({
    itemId: id,
    startingBid: z.number().int().min(150),
    buyNowPrice: z.number().int().min(150).max(15_000_000),
    duration: z
      .number()
      .int()
      .refine((value) => (listingDurations as readonly number[]).includes(value), {
        message: 'Duration must be 1, 3, 6, 12, 24 or 72 hours in seconds',
      })
      .default(3600),
  })
  .refine((listing) => listing.buyNowPrice > listing.startingBid, {
    message: 'Buy Now price must be greater than the starting bid',
    path: ['buyNowPrice'],
  });
export type Listing = z.input<typeof listingSchema>;

const moveSchema = z
  .array(z.object({ itemId: id, pile: z.enum(['trade', 'club']), tradeId: id.optional() }))
  .min(1, 'At least one item is required');
export type ItemMove = z.input<typeof moveSchema>[number];

export interface MoveResult {
  itemId: number;
  success: boolean;
  /** The typed reason of a refused move (472 duplicate, 473 destination full, ...). */
  error: GameError | undefined;
}

export interface TransferPile {
  auctions: AuctionInfo[];
  credits: number | undefined;
}

/** Transfer list, watchlist, unassigned items and the moves between them. */
export function createPilesApi(call: GameCaller) {
  const readPile = async (path: 'tradepile' | 'watchlist'): Promise<TransferPile> => {
    const answer = await call({ method: 'GET', path, schema: pileAnswerSchema });
    return { auctions: answer.auctionInfo, credits: answer.credits };
  };

  /** PUT `item`: per-item results; a refused item carries its typed error. */
  const moveItems = async (moves: ItemMove[]): Promise<MoveResult[]> => {
    const valid = parseInput(moveSchema, moves, 'item moves');
    const answer = await call({
      method: 'PUT',
      path: 'item',
      body: {
        itemData: valid.map((m) => ({
          id: m.itemId,
          pile: m.pile,
          ...(m.tradeId === undefined ? {} : { tradeId: String(m.tradeId) }),
        })),
      },
      schema: moveAnswerSchema,
    });
    return answer.itemData.map((entry) => ({
      itemId: entry.id,
      success: entry.success,
      error: entry.success
        ? undefined
        : errorFromCode(entry.errorCode ?? 0, entry.reason ?? 'Move refused', 'PUT /item'),
    }));
  };

  return {
    /** GET `tradepile`: every transfer-list entry (listed, sold, expired, unlisted). */
    transferList: () => readPile('tradepile'),
    /** GET `watchlist`: transfer targets. */
    watchlist: () => readPile('watchlist'),

    /** GET `purchased/items`: unassigned items and their duplicates in the club. */
    async unassigned(): Promise<{
      items: ItemData[];
      duplicates: { itemId: number; duplicateItemId: number }[];
    }> {
      const answer = await call({ method: 'GET', path: 'purchased/items', schema: unassignedAnswerSchema });
      return { items: answer.itemData, duplicates: answer.duplicateItemIdList };
    },

    moveItems,

    /** Moves one item and throws its typed error (DuplicateItemError, PileFullError, ...) when refused. */
    async moveItem(move: ItemMove): Promise<void> {
      const [result] = await moveItems([move]);
      if (result?.error !== undefined) throw result.error;
    },

    /** POST `auctionhouse`: lists an item (on the transfer list) and returns the new trade id. */
    async list(listing: Listing): Promise<number> {
      const valid = parseInput(listingSchema, listing, 'listing');
      const answer = await call({
        method: 'POST',
        path: 'auctionhouse',
        body: {
          itemData: { id: valid.itemId },
          startingBid: valid.startingBid,
          buyNowPrice: valid.buyNowPrice,
          duration: valid.duration,
        },
        schema: listAnswerSchema,
      });
      return answer.id;
    },

    /** PUT `auctionhouse/relist`: relists every expired entry; returns the new trade ids. */
    async relistAll(): Promise<number[]> {
      const answer = await call({ method: 'PUT', path: 'auctionhouse/relist', schema: relistAnswerSchema });
      return answer.tradeIdList.map((entry) => entry.id);
    },

    /** DELETE `trade/sold`: clears every sold entry. */
    async clearSold(): Promise<void> {
      await call({ method: 'DELETE', path: 'trade/sold', schema: emptyAnswerSchema });
    },

    /** DELETE `trade/{tradeId}`: removes one sold or expired entry. */
    async removeTrade(tradeId: number): Promise<void> {
      const valid = parseInput(id, tradeId, 'trade id');
      await call({ method: 'DELETE', path: `trade/${valid}`, schema: emptyAnswerSchema });
    },

    /**
     * DELETE `item/{itemId}`: quick sells for the item's discard value. `totalCredits` is the game's
     * field as sent (public clients read it as the coin balance after the sale).
     */
    async quickSell(itemId: number): Promise<{ totalCredits: number | undefined }> {
      const valid = parseInput(id, itemId, 'item id');
      const answer = await call({ method: 'DELETE', path: `item/${valid}`, schema: quickSellAnswerSchema });
      return { totalCredits: answer.totalCredits };
    },
  };
}

export type PilesApi = ReturnType<typeof createPilesApi>;
