import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The card catalogue as the price service searches it, loaded once from the domain catalogue.
 * `searchName` is the folded (lower-case, accent-free) best name; flags come from providers.
 */
export const playerCards = pgTable(
  'player_cards',
  {
    definitionId: integer('definition_id').primaryKey(),
    baseId: integer('base_id').notNull(),
    name: text('name').notNull(),
    searchName: text('search_name').notNull(),
    rating: integer('rating').notNull(),
    position: text('position').notNull(),
    rarityId: integer('rarity_id').notNull(),
    isSbc: boolean('is_sbc').notNull().default(false),
    isObjective: boolean('is_objective').notNull().default(false),
  },
  (table) => [index('player_cards_rarity_rating').on(table.rarityId, table.rating)],
);

/**
 * Every folded name of a card cut at each word start ("kylian mbappe", "mbappe"), so a prefix
 * match on `token` finds names and words starting with the query through a btree index.
 */
export const playerNameTokens = pgTable(
  'player_name_tokens',
  {
    token: text('token').notNull(),
    // No key or foreign key: the rows are written once from the catalogue, and every index
    // makes that load slower (it runs on each fresh database).
    definitionId: integer('definition_id').notNull(),
    /** 0: the whole name, 1: a later word of it (ranks exact and leading matches first). */
    wordIndex: integer('word_index').notNull(),
    // Copied from the card so the best matches are ranked and cut here, before any join.
    rating: integer('rating').notNull().default(0),
    rarityId: integer('rarity_id').notNull().default(0),
  },
  (table) => [index('player_name_tokens_prefix').using('btree', sql`${table.token} text_pattern_ops`)],
);

/** Price history: one row per observed price of a card on a platform from one source. */
export const priceObservations = pgTable(
  'price_observations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    definitionId: integer('definition_id').notNull(),
    platform: text('platform').notNull(),
    source: text('source').notNull(),
    price: integer('price').notNull(),
    observedAt: timestamp('observed_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    // Unique: re-reading a feed after a restart stores nothing twice.
    uniqueIndex('price_observations_card_latest').on(
      table.definitionId,
      table.platform,
      table.source,
      table.observedAt.desc(),
    ),
    index('price_observations_observed_at').on(table.observedAt),
  ],
);

/** The freshest observation per card and platform from any source (what pages and buys read). */
export const currentPrices = pgTable(
  'current_prices',
  {
    definitionId: integer('definition_id').notNull(),
    platform: text('platform').notNull(),
    source: text('source').notNull(),
    price: integer('price').notNull(),
    observedAt: timestamp('observed_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.definitionId, table.platform] }),
    index('current_prices_platform_price').on(table.platform, table.price),
  ],
);
