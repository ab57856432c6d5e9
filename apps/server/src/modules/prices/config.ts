import { z } from 'zod';

export const DEFAULT_STALE_AFTER_MS = 15 * 60_000;

/** Price settings read from the environment; part of the server's env schema (config/env.ts). */
export const priceEnvSchema = z.object({
  /** A price observed longer ago than this is reported as stale and never used for a buy. */
  PRICE_STALE_AFTER_MS: z.coerce
    .number({ invalid_type_error: 'PRICE_STALE_AFTER_MS must be a number of milliseconds' })
    .int('PRICE_STALE_AFTER_MS must be a whole number of milliseconds')
    .min(1_000, 'PRICE_STALE_AFTER_MS must be at least 1000')
    .default(DEFAULT_STALE_AFTER_MS),
  /** How often each provider's feed is polled. */
  PRICE_COLLECT_INTERVAL_MS: z.coerce
    .number({ invalid_type_error: 'PRICE_COLLECT_INTERVAL_MS must be a number of milliseconds' })
    .int('PRICE_COLLECT_INTERVAL_MS must be a whole number of milliseconds')
    .min(1_000, 'PRICE_COLLECT_INTERVAL_MS must be at least 1000')
    .default(60_000),
  /** Base address of the price-site feeds; unset in the sandbox means the embedded game's address. */
  PRICE_FEED_URL: z.string().url('PRICE_FEED_URL must be a URL such as http://127.0.0.1:8090').optional(),
  /** History older than this many days is pruned by the collection job. */
  PRICE_HISTORY_DAYS: z.coerce
    .number({ invalid_type_error: 'PRICE_HISTORY_DAYS must be a number of days' })
    .int('PRICE_HISTORY_DAYS must be a whole number of days')
    .min(1, 'PRICE_HISTORY_DAYS must be at least 1')
    .default(7),
});

export type PriceEnv = z.infer<typeof priceEnvSchema>;
