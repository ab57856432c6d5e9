/**
 * The database schema, one barrel: drizzle-kit reads it, the repositories import from it. The tables live
 * in `schema-*.ts` by area; they import each other directly (never this barrel), so nothing here is a cycle.
 */
export * from './schema-core.js';
export * from './schema-prices.js';
export * from './schema-snipe.js';
export * from './schema-credits.js';
export * from './schema-transfer.js';
export * from './schema-payments.js';
export * from './schema-sign-in.js';
export * from './schema-sbc.js';
export * from './schema-market.js';
export * from './schema-rehearsal.js';
export * from './schema-jobs.js';
export * from './schema-runs.js';
