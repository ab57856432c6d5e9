import type { Platform } from '../enums/platform.js';

/**
 * A marketplace order's life: `awaiting_payment` (checkout open) → `paid` (verified event, money
 * in escrow) → `delivering` (transfers running) → `delivered` (the seller is paid out) or `failed`
 * (the undelivered part is refunded); `cancelled` when the checkout expired unpaid; `refunded` when an
 * admin refunded the payment before any coins moved (the escrow back to the buyer).
 */
export const marketOrderStatusValues = [
  'awaiting_payment',
  'paid',
  'delivering',
  'delivered',
  'failed',
  'cancelled',
  'refunded',
] as const;
export type MarketOrderStatus = (typeof marketOrderStatusValues)[number];

export const marketOrderStatusLabels: Record<MarketOrderStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  delivering: 'Delivering',
  delivered: 'Delivered',
  failed: 'Failed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/** One progress line of an order, as both sides see it (no account names, e-mails or credentials). */
export interface MarketOrderStep {
  readonly text: string;
  readonly status: 'active' | 'success' | 'failed';
  readonly at: string;
}

/** An order as the marketplace page shows it to the buyer or to the seller. */
export interface MarketOrderView {
  readonly id: string;
  readonly role: 'buyer' | 'seller';
  readonly listingId: string;
  readonly platform: Platform;
  readonly coins: number;
  readonly coinsDelivered: number;
  readonly amountCents: number;
  /** Released to the seller's payout balance (after the marketplace's cut). */
  readonly payoutCents: number;
  readonly refundCents: number;
  readonly status: MarketOrderStatus;
  readonly transfers: number;
  readonly steps: readonly MarketOrderStep[];
  readonly createdAt: string;
}

/** The user's money on the marketplace: the payout balance and what is held for their sales. */
export interface MarketBalanceView {
  readonly payoutCents: number;
  readonly heldCents: number;
}

/** The marketplace's texts the spec leaves open (ours; 'Listing created successfully' and 'Order has been submitted' are the spec's). */
export const marketMessages = {
  listingCreated: 'Listing created successfully',
  orderSubmitted: 'Order has been submitted',
  listingNotFound: 'Listing not found',
  ownListing: 'You cannot buy your own listing',
  accountAlreadyListed: 'An account is already in a listing',
  accountsSamePlatform: 'All accounts of a listing must be on the listing’s platform',
  accountNotSynced: 'Sync the account’s coin balance before listing it',
  nothingToSell: 'The accounts hold no coins above the minimum balance',
  coinsAboveListing: (available: number) =>
    `This listing can deliver at most ${available.toLocaleString('en-US')} coins`,
  coinsTooFew: 'Buy at least 1,000 coins',
  soldOut: 'Sold out',
  balanceFell: 'An account’s balance fell below what the listing promised',
  buyerAccountPlatform: 'The buyer account must be on the listing’s platform',
  cardRequired: 'Choose the card your account will list for the delivery',
  cardUnknown: 'Unknown card id',
  itemNotInClub: (itemId: number) =>
    `Item ${itemId} is not in this account’s club as last read: read the club on the SBC page, or choose the player by name`,
  itemUntradeable: 'That card is untradeable: choose a tradeable card of the account’s club',
  cardNotRare: 'Choose a rare or special card for the delivery (not a common one)',
  paidInEscrow: 'Payment received; the money is held until the coins arrive',
  deliveryStarted: (legs: number) => `Delivery started: ${legs} ${legs === 1 ? 'transfer' : 'transfers'}`,
  legListed: (leg: number, legs: number) => `Transfer ${leg} of ${legs}: card listed`,
  legBought: (leg: number, legs: number, coins: number) =>
    `Transfer ${leg} of ${legs}: ${coins.toLocaleString('en-US')} coins received`,
  legFailed: (leg: number, legs: number, reason: string) => `Transfer ${leg} of ${legs} failed: ${reason}`,
  delivered: (coins: number) => `Delivered ${coins.toLocaleString('en-US')} coins`,
  refunded: (cents: number) => `Refunded €${(cents / 100).toFixed(2)} for the undelivered coins`,
  paidOut: (cents: number) => `Seller paid out €${(cents / 100).toFixed(2)}`,
  refundedByAdmin: (cents: number) => `Payment refunded: €${(cents / 100).toFixed(2)} back to the buyer`,
  notRefundable: 'This order’s coins are being delivered or were delivered, so it cannot be refunded',
  noAgent: 'No transfer agent is available right now. The delivery will start when one is.',
  /** A delivery transfer whose agent the one lost-agent rule found gone (docs/decisions/runs.md). */
  agentLost: 'the transfer agent stopped responding',
  /** A delivery transfer a leaving agent (a deploy) stopped and handed back. */
  agentLeft: 'the transfer agent shut down before the transfer finished',
  syncRequested: 'Coin balances are being synced',
} as const;
