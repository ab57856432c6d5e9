import {
  amountAfterTax,
  listingDurationValues,
  priceAtPercentage,
  toReportPlatform,
  type FollowUp,
  type LogEntry,
  type Platform,
  type SnipeResultReport,
} from '@tradedesk/domain';
import type { AuctionInfo } from '@tradedesk/game-client';
import { definitionIdOf } from '../strategies/multi-rarity.js';
import type { Valuation } from '../strategies/strategy.js';

/**
 * Milliseconds between the listing and the buy. The game only says how long a listing has
 * left, so the listing is assumed to run for the shortest standard duration that fits.
 */
export function listingTimeMs(secondsLeft: number): number | undefined {
  if (!(secondsLeft > 0)) return undefined;
  const duration = listingDurationValues.find((seconds) => seconds >= secondsLeft);
  return duration === undefined ? undefined : (duration - secondsLeft) * 1000;
}

/** The price the follow-up sells at (or the card's value when it is kept). */
export function plannedSellPrice(
  followUp: FollowUp,
  valuation: Valuation,
  discardValue: number | undefined,
): number {
  switch (followUp.action) {
    case 'list_on_transfer_list':
      return followUp.buyNowPrice > followUp.startPrice && followUp.startPrice > 0
        ? followUp.buyNowPrice
        : valuation.marketPrice;
    case 'list_at_price_site_price':
      return valuation.marketPrice > 0 ? priceAtPercentage(valuation.marketPrice, followUp.percentage) : 0;
    case 'quick_sell':
      return discardValue ?? 0;
    default:
      return valuation.marketPrice;
  }
}

export interface BuyAttempt {
  readonly accountId: string;
  readonly platform: Platform;
  readonly auction: AuctionInfo;
  readonly valuation: Valuation;
  /** Sell price planned by the follow-up; 0 when unknown or for a lost snipe. */
  readonly sellPrice: number;
  readonly isQuickSell: boolean;
  /** The game's code when the buy failed (a lost snipe). */
  readonly errorCode?: number;
  /** Mask Snipes: the shared report hides the player's name (the stored log entry keeps it). */
  readonly maskName?: boolean;
}

/** What a masked snipe report shows instead of the player's name. */
export const MASKED_PLAYER_NAME = '*****';

/** The snipe result report (chat webhook) and the stored log entry of one buy attempt. */
export function describeAttempt(attempt: BuyAttempt): { report: SnipeResultReport; logEntry: LogEntry } {
  const { auction, valuation } = attempt;
  const buyPrice = auction.buyNowPrice;
  const failed = attempt.errorCode !== undefined;
  const sellPrice = failed ? 0 : attempt.sellPrice;
  // Quick sell pays the discard value with no tax; a sale on the market pays 5%.
  const received = attempt.isQuickSell ? sellPrice : amountAfterTax(sellPrice);
  const value = failed || sellPrice === 0 ? 0 : received - buyPrice;
  const listingTime = listingTimeMs(auction.expires);
  const playerId = definitionIdOf(auction);
  const optional = {
    ...(listingTime === undefined ? {} : { listingTime }),
    ...(attempt.errorCode === undefined ? {} : { errorCode: attempt.errorCode }),
  };
  return {
    report: {
      buyerId: attempt.accountId,
      platform: toReportPlatform(attempt.platform),
      playerId,
      playerName: attempt.maskName === true ? MASKED_PLAYER_NAME : valuation.playerName,
      buyPrice,
      sellPrice,
      tax: sellPrice - received,
      value,
      ...optional,
    },
    logEntry: {
      accountId: attempt.accountId,
      playerId,
      playerName: valuation.playerName,
      buyPrice,
      sellPrice,
      rarity: auction.itemData.rareflag ?? 0,
      platform: attempt.platform,
      isSuccess: !failed,
      type: 'snipe',
      ...optional,
    },
  };
}
