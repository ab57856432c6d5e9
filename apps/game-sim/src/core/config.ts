import { z } from 'zod';

/** Abuse-control rules (GAME-PROTOCOL §3, §5.2). Counts are game calls per account. */
export const abuseRulesSchema = z.object({
  /** Game calls per rolling minute before answers turn into 429. */
  perMinute: z.number().int().positive().default(40),
  /** Game calls per rolling hour before a 521 soft ban. */
  perHour: z.number().int().positive().default(1000),
  /** 429s within the last hour that escalate into a 512 soft ban. */
  strikesToSoftBan: z.number().int().positive().default(3),
  /** Length of a soft ban in minutes (users report 30 min to ~24 h). */
  softBanMinutes: z.number().positive().default(30),
  /** Game calls in the rolling hour that raise a 458 captcha (0 = never). */
  captchaPerHour: z.number().int().nonnegative().default(700),
  /** Seconds a new listing stays invisible to searches. */
  listingVisibilityDelaySeconds: z.number().nonnegative().default(2),
  /** When false, budgets and captchas never trigger (benchmarks). */
  enabled: z.boolean().default(true),
});
export type AbuseRules = z.infer<typeof abuseRulesSchema>;

/** Market world knobs. */
export const marketOptionsSchema = z.object({
  /** Active listings per platform when the world starts. */
  initialListings: z.number().int().nonnegative().default(20_000),
  /** Share of arriving listings priced far below value (the snipes). */
  mispricedShare: z.number().min(0).max(1).default(0.03),
  /** Share of mispriced listings a rival sniper takes before anyone else can. */
  rivalCatchShare: z.number().min(0).max(1).default(0.8),
  /** Median reaction time of rival snipers after a listing becomes visible, seconds. */
  rivalReactionSeconds: z.number().positive().default(6),
  /** Probability that a fairly priced listing is bought by a simulated human during its life. */
  humanBuyShare: z.number().min(0).max(1).default(0.35),
  /** Daily volatility of card values (standard deviation of the log change). */
  dailyVolatility: z.number().min(0).max(1).default(0.04),
  /** Milliseconds identical search queries of one account are answered from a cache (0 = off). */
  searchCacheMs: z.number().int().nonnegative().default(0),
  /** Synthetic special versions created per spec rarity that has no cards (22, 150). */
  syntheticPerRarity: z.number().int().nonnegative().default(40),
  /** Platforms whose market is populated (a rehearsal trades on one and needs only that one). */
  platforms: z
    .array(z.enum(['pc', 'ps']))
    .min(1)
    .default(['ps', 'pc']),
});
export type MarketOptions = z.infer<typeof marketOptionsSchema>;

/** Pile capacities (GAME-PROTOCOL §2.5, §4.4). */
export const pileOptionsSchema = z.object({
  tradepile: z.number().int().positive().default(100),
  watchlist: z.number().int().positive().default(50),
  /** Items the unassigned pile can hold before buys fail with 473. */
  unassigned: z.number().int().positive().default(200),
  /** Items one GET purchased/items returns. */
  unassignedPageSize: z.number().int().positive().default(50),
});
export type PileOptions = z.infer<typeof pileOptionsSchema>;

/** Protocol constants a real client would be configured with. */
export const protocolOptionsSchema = z.object({
  /** `<game>` path segment of the UTAS routes. */
  gameSegment: z
    .string()
    .regex(/^[a-z0-9]+$/)
    .default('fc26'),
  /** Minutes without a game call before a sid expires. */
  sessionIdleMinutes: z.number().positive().default(10),
  /** Lifetime of an access token in seconds (`expires_in`). */
  accessTokenSeconds: z.number().int().positive().default(3600),
});
export type ProtocolOptions = z.infer<typeof protocolOptionsSchema>;

export const worldOptionsSchema = z.object({
  seed: z.number().int().default(1),
  startingCoins: z.number().int().nonnegative().default(100_000),
  sandboxAutoCreate: z.boolean().default(true),
  abuse: abuseRulesSchema.default({}),
  market: marketOptionsSchema.default({}),
  piles: pileOptionsSchema.default({}),
  protocol: protocolOptionsSchema.default({}),
});
export type WorldOptions = z.infer<typeof worldOptionsSchema>;
export type WorldOptionsInput = z.input<typeof worldOptionsSchema>;
