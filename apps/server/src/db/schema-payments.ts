import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './schema-core.js';

/**
 * One checkout: what was bought, for how much, by whom (null until a visitor's purchase creates
 * the user), and where it stands. Fulfilment flips `open` to `paid` exactly once.
 */
export const checkoutOrders = pgTable(
  'checkout_orders',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    productId: text('product_id').notNull(),
    priceId: text('price_id').notNull(),
    quantity: integer('quantity').notNull(),
    /** What the buyer pays, in cents, after any referral discount. */
    amountCents: integer('amount_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    referrerUserId: text('referrer_user_id').references(() => users.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    providerSessionId: text('provider_session_id'),
    /** open → paid | cancelled */
    status: text('status').notNull().default('open'),
    /** SHA-256 of the secret in the success address: only the buyer's browser may read the receipt. */
    receiptKeyHash: text('receipt_key_hash').notNull(),
    /** A visitor's new licence token, encrypted, until the success page has shown it once. */
    pendingTokenEncrypted: text('pending_token_encrypted'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('checkout_orders_session_unique').on(table.providerSessionId),
    index('checkout_orders_user').on(table.userId),
  ],
);

/** Every verified provider event, once: a replay finds its id here and changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  orderId: text('order_id'),
  /** What the event did: fulfilled, cancelled, ignored (unknown order, type or already settled). */
  outcome: text('outcome').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Coins bought through the catalogue, waiting for delivery by the team. */
export const coinOrders = pgTable(
  'coin_orders',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    orderId: text('order_id')
      .notNull()
      .references(() => checkoutOrders.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    coins: integer('coins').notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('coin_orders_order_unique').on(table.orderId)],
);

/** Each user's own referral code (created on first request). */
export const referralCodes = pgTable(
  'referral_codes',
  {
    code: text('code').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('referral_codes_user_unique').on(table.userId)],
);
