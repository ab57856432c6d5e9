import { earnedCents, sellerPayoutCents } from '@tradedesk/domain';

/**
 * How an order's escrow splits when its delivery ends: the delivered share is earned (all of it
 * when the buyer received at least the ordered coins); the seller gets that minus the
 * marketplace's cut; the rest goes back to the buyer. The three parts add up to the escrow.
 */
export function settlementOf(order: { amountCents: number; coins: number; coinsDelivered: number }) {
  const earned = earnedCents(order.amountCents, order.coins, order.coinsDelivered);
  const payoutCents = sellerPayoutCents(earned);
  return { payoutCents, feeCents: earned - payoutCents, refundCents: order.amountCents - earned };
}
