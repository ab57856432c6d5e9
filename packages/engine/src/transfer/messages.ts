import { formatFullNumber, formatLatencyMessage } from '@tradedesk/domain';
import { stopCauseOf } from '@tradedesk/domain/realtime';

/** The transfer run's user-facing reasons (ours: the spec names only 'Transfer completed' / 'Transfer failed'). */
export const transferMessages = {
  /** Says how to get the card: a new account's club has a few tradeable ones, the market has the rest. */
  sellerLacksCard: (name: string) =>
    `The seller does not have a tradeable ${name}. Choose a player the seller’s account owns and can trade (a new account’s club has a few), or buy one with that account on the transfer market first`,
  buyerLacksCoins: (balance: number, price: number) =>
    `The buyer has ${formatFullNumber(balance)} coins; the transfer needs ${formatFullNumber(price)}`,
  sellerPileFull: 'The seller’s transfer list is full: clear it and try again',
  buyerUnassignedFull: 'The buyer’s unassigned pile is full: clear it and try again',
  /** 'Latency: N ms' (the spec's text) and the safe latency it exceeds. */
  latencyAboveSafe: (latency: number, safe: number) =>
    `${formatLatencyMessage(latency)} is above the safe latency of ${safe} ms`,
  priceTooLow: 'The Buy Now price must be at least 200 to list the card',
  listingRefused: (reason: string) => `The game refused the seller’s listing: ${reason}`,
  listingNotFound: (searches: number) => `The seller’s listing did not show up in ${searches} searches`,
  listingTaken: 'Another buyer took the seller’s listing first',
  stopped: 'Stopped',
  stoppedListed: 'Stopped: the seller’s listing stays on the market until it expires',
  /** A stop because the agent is shutting down (SIGTERM): the user sees the agent went, not a plain stop. */
  agentLeft: 'The transfer agent shut down before the transfer finished',
  agentLeftListed:
    'The transfer agent shut down before the transfer finished: the seller’s listing stays on the market until it expires',
  gameError: (message: string) => `The game refused: ${message}`,
  notBought: (reason: string) => `The buyer did not buy the listing: ${reason}`,
  autoListItemMissing: 'The bought card is not in the buyer’s unassigned pile',
  buyBackAboveTransfer: (buyNow: number, price: number) =>
    `Buy-back protection: the Buy Now ${formatFullNumber(buyNow)} is above the transfer price ${formatFullNumber(price)}`,
  buyBackThirdPartyBid: 'Buy-back protection: a third party has bid on the listing',
  buyBackSellerLacksCoins: 'The seller does not have the coins to buy the card back',
  buyBackNotFound: (searches: number) => `The buyer’s listing did not show up in ${searches} searches`,
} as const;

/**
 * What a stopped transfer says: the cause is the run's abort signal's reason, so every step that
 * sees the stop names it the same way; `listed` when the seller's listing was already up.
 */
export function stoppedReason(signal: AbortSignal, listed: boolean): string {
  const leaving = stopCauseOf(signal) === 'agent-leaving';
  if (listed) return leaving ? transferMessages.agentLeftListed : transferMessages.stoppedListed;
  return leaving ? transferMessages.agentLeft : transferMessages.stopped;
}
