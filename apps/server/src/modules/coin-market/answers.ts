import type { CoinListing, MarketOrderView } from '@tradedesk/domain';
import { z } from 'zod';

/*
 * The response schemas of /api/market: the listing and the order as the marketplace page reads
 * them, checked against the domain's types. Platform and status are the stored text, so an old
 * row is shown rather than answered 500.
 */

/** The spec's CoinListing with dates as text, plus whose it is and whether it is still open. */
export const listingAnswerSchema = z.object({
  id: z.string(),
  platform: z.string(),
  coins: z.number(),
  averageCoinsPerAccount: z.number(),
  price: z.number(),
  createdAt: z.string(),
  accountIds: z.array(z.string()),
  isOwn: z.boolean(),
  isOpen: z.boolean(),
  closedReason: z.string(),
}) satisfies z.ZodType<Omit<CoinListing, 'platform' | 'createdAt'> & { platform: string; createdAt: string }>;

const orderStepSchema = z.object({
  text: z.string(),
  status: z.enum(['active', 'success', 'failed']),
  at: z.string(),
});

export const orderAnswerSchema = z.object({
  id: z.string(),
  role: z.enum(['buyer', 'seller']),
  listingId: z.string(),
  platform: z.string(),
  coins: z.number(),
  coinsDelivered: z.number(),
  amountCents: z.number(),
  payoutCents: z.number(),
  refundCents: z.number(),
  status: z.string(),
  transfers: z.number(),
  steps: z.array(orderStepSchema),
  createdAt: z.string(),
}) satisfies z.ZodType<Omit<MarketOrderView, 'platform' | 'status'> & { platform: string; status: string }>;

/** Where the buyer pays, and the order opened for it. */
export const purchaseAnswerSchema = z.object({
  url: z.string(),
  orderId: z.string(),
  message: z.string(),
});

/** The caller's payout balance and what was refunded to them, in cents. */
export const balanceAnswerSchema = z.object({ payoutCents: z.number(), refundedCents: z.number() });
