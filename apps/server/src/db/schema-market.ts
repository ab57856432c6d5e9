import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, users } from './schema-core.js';
import { checkoutOrders } from './schema-payments.js';

/**
 * A coin listing (spec 001 §3 CoinListing): some of a user's accounts of one platform sell the
 * coins above `minimumBalance` at `priceCents` per 100,000 coins. `open` until sold out or until
 * an account's synced balance falls below what it still promises (`closedReason` says which).
 */
export const coinListings = pgTable(
  'coin_listings',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    priceCents: integer('price_cents').notNull(),
    minimumBalance: integer('minimum_balance').notNull(),
    isOpen: boolean('is_open').notNull().default(true),
    closedReason: text('closed_reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [index('coin_listings_open_created').on(table.isOpen, table.createdAt)],
);

/**
 * One account of a listing and the coins it still promises (its sellable balance at listing time,
 * less what orders have reserved). An account is in at most one open listing.
 */
export const coinListingAccounts = pgTable(
  'coin_listing_accounts',
  {
    listingId: text('listing_id')
      .notNull()
      .references(() => coinListings.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    promisedCoins: integer('promised_coins').notNull(),
    isOpen: boolean('is_open').notNull().default(true),
    position: integer('position').notNull(),
  },
  (table) => [
    uniqueIndex('coin_listing_accounts_pair').on(table.listingId, table.accountId),
    uniqueIndex('coin_listing_accounts_open_account')
      .on(table.accountId)
      .where(sql`is_open`),
  ],
);

/** One planned transfer of a delivery: which listed account pays which price (coins the buyer gets). */
export interface MarketLegRecord {
  accountId: string;
  price: number;
  receives: number;
  /** planned → running → success | failed */
  status: 'planned' | 'running' | 'success' | 'failed';
  /** The delivery transfer's id on the agent socket (`m.<order>.<n>`), once started. */
  transferId?: string;
  received?: number;
  /** Starts the agent refused (busy finishing the previous transfer); retried a few times. */
  refusals?: number;
  /** Agent event numbers already applied (a re-sent event changes nothing). */
  seqs?: number[];
}

/** One progress line both users see. */
export interface MarketStepRecord {
  text: string;
  status: 'active' | 'success' | 'failed';
  at: string;
}

/**
 * A marketplace order: the buyer's coins, account and delivery card; the checkout order that
 * carries the payment (the payments port); the delivery plan and how it ended, and the money
 * released (`payoutCents` to the seller, `feeCents` to the marketplace, `refundCents` back to the buyer).
 */
export const marketOrders = pgTable(
  'market_orders',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    listingId: text('listing_id')
      .notNull()
      .references(() => coinListings.id, { onDelete: 'cascade' }),
    buyerUserId: text('buyer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerUserId: text('seller_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    buyerAccountId: text('buyer_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    checkoutOrderId: text('checkout_order_id').references(() => checkoutOrders.id, { onDelete: 'set null' }),
    platform: text('platform').notNull(),
    cardDefinitionId: integer('card_definition_id').notNull(),
    coins: integer('coins').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').notNull().default('awaiting_payment'),
    legs: jsonb('legs').$type<MarketLegRecord[]>().notNull().default([]),
    steps: jsonb('steps').$type<MarketStepRecord[]>().notNull().default([]),
    coinsDelivered: integer('coins_delivered').notNull().default(0),
    payoutCents: integer('payout_cents').notNull().default(0),
    feeCents: integer('fee_cents').notNull().default(0),
    refundCents: integer('refund_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('market_orders_checkout_unique').on(table.checkoutOrderId),
    index('market_orders_buyer').on(table.buyerUserId, table.createdAt),
    index('market_orders_seller').on(table.sellerUserId, table.createdAt),
  ],
);

/**
 * The marketplace's money, double entry in cents: every event ('market:<order>:paid',
 * 'market:<order>:settled') writes rows that add up to 0 across `book`s, all in one transaction
 * and at most once (unique per event and book). Books: `payment` (money in from the provider),
 * `escrow` (held for an order), `payout:<user>` (a seller's payout balance), `refund` (back to the
 * buyer), `fee` (the marketplace's cut).
 */
export const marketLedger = pgTable(
  'market_ledger',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    eventKey: text('event_key').notNull(),
    book: text('book').notNull(),
    /** The user whose balance this row is (payout and refund rows), else null. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    orderId: text('order_id').references(() => marketOrders.id, { onDelete: 'set null' }),
    deltaCents: integer('delta_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('market_ledger_event_book').on(table.eventKey, table.book),
    index('market_ledger_user').on(table.userId),
  ],
);
