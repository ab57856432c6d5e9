import {
  failedToFetchMarketPriceFor,
  type FollowUp,
  type ListingDuration,
  MIN_PRICE,
  previousPrice,
  priceAtPercentage,
  snapPrice,
} from '@tradedesk/domain';
import { isGameError } from '@tradedesk/game-client';
import type { GamePort } from '../ports.js';
import { runLog } from '../run-log.js';
import type { Valuation } from '../strategies/strategy.js';

/** A card just bought, waiting in the unassigned pile. */
export interface BoughtCard {
  readonly itemId: number;
  readonly buyPrice: number;
  /** The club already holds this player: it cannot go to the club. */
  readonly isDuplicate: boolean;
  readonly discardValue: number | undefined;
  readonly valuation: Valuation;
}

/** Where the card ended up, and what it was (or will be) sold for. */
export interface FollowUpOutcome {
  readonly placement: 'club' | 'transfer-list' | 'listed' | 'quick-sold' | 'unassigned';
  /** Buy Now of the listing, the quick-sell value, or 0 when the card is kept. */
  readonly sellPrice: number;
  /** The coin balance the game answered after the action (a quick sell's `totalCredits`), when it did. */
  readonly coins?: number;
  readonly notices: readonly string[];
}

export interface FollowUpPorts {
  readonly game: GamePort;
  /** The pause between two requests (the session's pacing). */
  readonly pause: () => Promise<void>;
}

/**
 * The game refused this one action (duplicate, full pile, bad price, gone): the run goes on.
 * Anything else (captcha, soft ban, throttling, lost connection) is the session's to react to.
 */
function isActionRefusal(error: unknown): boolean {
  return isGameError(error) && (error.category === 'user-logic' || error.kind === 'pile-full');
}

/** Listing prices: the follow-up's own, or derived from a Buy Now price (start one step below). */
function pricesAround(buyNow: number): { startingBid: number; buyNowPrice: number } {
  const buyNowPrice = Math.max(snapPrice(buyNow), MIN_PRICE + 50);
  return { startingBid: previousPrice(buyNowPrice), buyNowPrice };
}

/** Requests a follow-up sends at most: its action, then a move to the transfer list if refused. */
export const FOLLOW_UP_MAX_REQUESTS = 2;

async function moveToTransferList(
  ports: FollowUpPorts,
  card: BoughtCard,
  notices: string[],
): Promise<FollowUpOutcome> {
  try {
    await ports.game.moveItem({ itemId: card.itemId, pile: 'trade' });
    return { placement: 'transfer-list', sellPrice: 0, notices };
  } catch (error) {
    if (!isActionRefusal(error)) throw error;
    return {
      placement: 'unassigned',
      sellPrice: 0,
      notices: [...notices, runLog.failedToMoveToTransferList],
    };
  }
}

async function sendToClub(ports: FollowUpPorts, card: BoughtCard): Promise<FollowUpOutcome> {
  // Duplicates cannot join the club: they go to the transfer list instead.
  if (card.isDuplicate) return moveToTransferList(ports, card, []);
  try {
    await ports.game.moveItem({ itemId: card.itemId, pile: 'club' });
    return { placement: 'club', sellPrice: 0, notices: [] };
  } catch (error) {
    if (isGameError(error, 'duplicate-item')) {
      await ports.pause();
      return moveToTransferList(ports, card, []);
    }
    if (!isActionRefusal(error)) throw error;
    return { placement: 'unassigned', sellPrice: 0, notices: [runLog.failedToSendToClub] };
  }
}

async function listCard(
  ports: FollowUpPorts,
  card: BoughtCard,
  prices: { startingBid: number; buyNowPrice: number },
  duration: ListingDuration,
): Promise<FollowUpOutcome> {
  try {
    await ports.game.list({ itemId: card.itemId, ...prices, duration });
    return { placement: 'listed', sellPrice: prices.buyNowPrice, notices: [] };
  } catch (error) {
    if (!isActionRefusal(error)) throw error;
    // Keep the card where the user can list it by hand.
    await ports.pause();
    return moveToTransferList(ports, card, [runLog.failedToList]);
  }
}

async function quickSell(ports: FollowUpPorts, card: BoughtCard): Promise<FollowUpOutcome> {
  try {
    // The game answers the balance after the sale, not the amount credited (the card's discard value).
    const { totalCredits } = await ports.game.quickSell(card.itemId);
    return {
      placement: 'quick-sold',
      sellPrice: card.discardValue ?? 0,
      ...(totalCredits === undefined ? {} : { coins: totalCredits }),
      notices: [],
    };
  } catch (error) {
    if (!isActionRefusal(error)) throw error;
    return { placement: 'unassigned', sellPrice: 0, notices: [runLog.failedToSell] };
  }
}

/**
 * Runs the filter's follow-up for a card just bought. Refusals of single actions become run-log
 * notices and the card stays in a consistent pile; operational errors (captcha, soft ban …)
 * propagate so the session's guards react.
 */
export async function runFollowUp(
  ports: FollowUpPorts,
  followUp: FollowUp,
  card: BoughtCard,
): Promise<FollowUpOutcome> {
  switch (followUp.action) {
    case 'send_to_club':
      return sendToClub(ports, card);
    case 'send_to_transfer_list':
      return moveToTransferList(ports, card, []);
    case 'quick_sell':
      return quickSell(ports, card);
    case 'list_on_transfer_list': {
      // A 59th Minute or fodder filter without its own prices lists at the card's database price.
      const own = followUp.buyNowPrice > followUp.startPrice && followUp.startPrice >= MIN_PRICE;
      if (own)
        return listCard(
          ports,
          card,
          { startingBid: followUp.startPrice, buyNowPrice: followUp.buyNowPrice },
          followUp.duration,
        );
      if (card.valuation.marketPrice <= 0) return moveToTransferList(ports, card, [runLog.failedToList]);
      return listCard(ports, card, pricesAround(card.valuation.marketPrice), followUp.duration);
    }
    case 'list_at_price_site_price': {
      if (card.valuation.marketPrice <= 0) {
        return moveToTransferList(ports, card, [failedToFetchMarketPriceFor(card.valuation.playerName)]);
      }
      const buyNow = priceAtPercentage(card.valuation.marketPrice, followUp.percentage);
      return listCard(ports, card, pricesAround(buyNow), followUp.duration);
    }
  }
}
