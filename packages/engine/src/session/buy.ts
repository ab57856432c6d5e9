import type { Platform } from '@tradedesk/domain';
import { isGameError, type AuctionInfo } from '@tradedesk/game-client';
import type { EngineEvent } from '../events.js';
import { FOLLOW_UP_MAX_REQUESTS, runFollowUp } from '../follow-ups/follow-up.js';
import type { GamePort } from '../ports.js';
import type { Strategy } from '../strategies/strategy.js';
import type { Pacing } from './pacing.js';
import { describeAttempt, plannedSellPrice } from './reports.js';
import type { RunState } from './run-state.js';

/** Requests a buy sends at most: the Buy Now and its follow-up. */
export const BUY_MAX_REQUESTS = 1 + FOLLOW_UP_MAX_REQUESTS;

export interface BuyContext {
  readonly accountId: string;
  readonly platform: Platform;
  readonly game: GamePort;
  readonly state: RunState;
  readonly pacing: Pacing;
  readonly now: () => number;
  readonly emit: (event: EngineEvent) => Promise<void>;
  readonly sleep: (ms: number) => Promise<void>;
  /** Mask Snipes is on for this filter. */
  readonly maskNames: boolean;
}

/** Someone else bought it first, or it is gone: a lost snipe, and the run goes on. */
function isLostSnipe(error: unknown): error is { code: number } {
  return isGameError(error, 'outbid-or-not-allowed') || isGameError(error, 'no-such-trade');
}

/**
 * Buys `auction` at its Buy Now, then reports and runs the follow-up. The Buy Now request is
 * the first thing this function does, so nothing stands between the search answer and it.
 */
export async function buyAndFollowUp(
  context: BuyContext,
  strategy: Strategy,
  auction: AuctionInfo,
): Promise<void> {
  const { game, state } = context;
  let bought: AuctionInfo;
  let duplicates: readonly { itemId: number }[];
  try {
    const result = await game.bid(auction.tradeId, auction.buyNowPrice);
    bought = result.auctions.find((entry) => entry.tradeId === auction.tradeId) ?? auction;
    duplicates = result.duplicateItemIds;
    state.coins =
      result.credits ?? (state.coins === undefined ? undefined : state.coins - auction.buyNowPrice);
  } catch (error) {
    if (!isLostSnipe(error)) throw error;
    state.lostSnipes += 1;
    const valuation = strategy.valuation(auction);
    const attempt = {
      ...base(context),
      auction,
      valuation,
      sellPrice: 0,
      isQuickSell: false,
      errorCode: error.code,
    };
    await context.emit({
      type: 'snipe-result',
      at: context.now(),
      accountId: context.accountId,
      ...describeAttempt(attempt),
    });
    return;
  }

  state.snipes += 1;
  const valuation = strategy.valuation(auction);
  const itemId = bought.itemData.id;
  const discardValue = bought.itemData.discardValue;
  const sellPrice = plannedSellPrice(strategy.followUp, valuation, discardValue);
  const described = describeAttempt({
    ...base(context),
    auction,
    valuation,
    sellPrice,
    isQuickSell: strategy.followUp.action === 'quick_sell',
  });
  state.profits += described.report.value;
  // Awaited: the purchase is acknowledged (stored, announced) before the engine moves on.
  await context.emit({
    type: 'snipe-result',
    at: context.now(),
    accountId: context.accountId,
    ...described,
    itemId,
  });

  await context.sleep(context.pacing.afterBuyMs());
  const outcome = await runFollowUp(
    { game, pause: () => context.sleep(context.pacing.requestPauseMs()) },
    strategy.followUp,
    {
      itemId,
      buyPrice: auction.buyNowPrice,
      isDuplicate: duplicates.some((entry) => entry.itemId === itemId),
      discardValue,
      valuation,
    },
  );
  if (outcome.placement === 'quick-sold')
    state.coins = outcome.coins ?? (state.coins === undefined ? undefined : state.coins + outcome.sellPrice);
  await context.emit({
    type: 'follow-up',
    at: context.now(),
    accountId: context.accountId,
    playerId: described.report.playerId,
    // The user's own notice: the stored name, never the masked one (masking is for shared messages).
    playerName: described.logEntry.playerName,
    placement: outcome.placement,
    sellPrice: outcome.sellPrice,
  });
  for (const message of outcome.notices) {
    await context.emit({
      type: 'notice',
      at: context.now(),
      accountId: context.accountId,
      level: 'ERROR',
      message,
    });
  }
  await context.emit({
    type: 'account-update',
    at: context.now(),
    accountId: context.accountId,
    status: 'active',
    coins: state.coins,
    profits: state.profits,
  });
}

function base(context: BuyContext) {
  return { accountId: context.accountId, platform: context.platform, maskName: context.maskNames };
}
