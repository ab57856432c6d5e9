import { z } from 'zod';
import { platformSchema } from '../enums/platform.js';
import { idText } from './text.js';

/**
 * "Rehearse in sandbox": the selected filters and the user's configuration run for a virtual span
 * against a fresh sandbox world seeded from the price database, beside the classic autobuyer on
 * an identical world. These shapes are shared by the server (storage, the web action) and the web.
 */
export const REHEARSAL_SPAN_MINUTES = { min: 5, max: 240, default: 60 } as const;
/** Coins of the rehearsal's sandbox account (the same for ours and the classic loop). */
export const REHEARSAL_COINS = 1_000_000;
/** Filters one rehearsal may run together (rotation's own limit is lower). */
export const REHEARSAL_MAX_FILTERS = 20;
/** Trades listed at each end of the result. */
export const REHEARSAL_TRADES_SHOWN = 10;

export const rehearsalMessages = {
  chooseFilter: 'Save and select at least one filter to rehearse',
  span: `Span must be between ${REHEARSAL_SPAN_MINUTES.min} and ${REHEARSAL_SPAN_MINUTES.max} minutes`,
  tooManyFilters: `Rehearse at most ${REHEARSAL_MAX_FILTERS} filters at once`,
  unknownFilter: 'Filter not found',
  alreadyRunning: 'A rehearsal is already running; wait for its result',
  noAgent: 'No agent is free to rehearse right now. Please try again later.',
  agentRefused: (reason: string) => `The rehearsal could not start: ${reason}`,
} as const;

const filterIds = z
  .array(idText())
  .min(1, rehearsalMessages.chooseFilter)
  .max(REHEARSAL_MAX_FILTERS, rehearsalMessages.tooManyFilters);

/** `snipe-rehearse` from the web: which saved filters, and for how many virtual minutes. */
export const snipeRehearseSchema = z.object({
  filterIds,
  spanMinutes: z
    .number({ invalid_type_error: rehearsalMessages.span })
    .int(rehearsalMessages.span)
    .min(REHEARSAL_SPAN_MINUTES.min, rehearsalMessages.span)
    .max(REHEARSAL_SPAN_MINUTES.max, rehearsalMessages.span)
    .default(REHEARSAL_SPAN_MINUTES.default),
  /** Whose market: PC or console prices and listings. */
  platform: platformSchema.default('pc'),
});
export type SnipeRehearseInput = z.input<typeof snipeRehearseSchema>;

/** GET /api/rehearsal?filterIds=a,b: the latest rehearsal of exactly these filters as they are now. */
export const rehearsalQuerySchema = z.object({
  filterIds: z
    .string()
    .max(2_000)
    .transform((text) => text.split(',').filter((part) => part !== ''))
    .pipe(filterIds),
});

const int = z.number().int();
const count = int.nonnegative();

/** One buy of the rehearsal: what it cost and what it earned at the card's market value. */
export const rehearsalTradeSchema = z.object({
  playerName: z.string().max(200),
  buyPrice: count,
  /** Resale at the card's market value after tax, minus the price paid. */
  profit: int,
  /** Virtual minutes from the start. */
  minute: z.number().nonnegative(),
});
export type RehearsalTrade = z.infer<typeof rehearsalTradeSchema>;

/** One side of the comparison (ours or the classic autobuyer). */
export const rehearsalSideSchema = z.object({
  profit: int,
  /** Purchases worth more than they cost (after tax at the card's market value). */
  wins: count,
  /** Purchases worth less than they cost. */
  losses: count,
  /** Buy attempts the game refused (someone else was faster, the listing had ended). */
  missed: count.default(0),
  requests: count,
  softBans: count,
  /**
   * Most game calls the game admitted in any of its own 60-second windows: the figure its
   * per-minute limit is checked against, so it never exceeds that limit without a 429.
   */
  peakRequestsPerMinute: count,
  /** Game calls per virtual minute over the span. */
  requestsPerMinute: z.number().nonnegative(),
  /** Cumulative profit at the end of each virtual minute (index 0 = minute 1). */
  profitByMinute: z.array(int).max(REHEARSAL_SPAN_MINUTES.max + 1),
  /** The most profitable wins, best first. */
  best: z.array(rehearsalTradeSchema).max(REHEARSAL_TRADES_SHOWN),
  /** The costliest losses, worst first. */
  worst: z.array(rehearsalTradeSchema).max(REHEARSAL_TRADES_SHOWN),
});
export type RehearsalSide = z.infer<typeof rehearsalSideSchema>;

export const rehearsalResultSchema = z.object({
  ours: rehearsalSideSchema,
  classic: rehearsalSideSchema,
  /** The sandbox's abuse limits the requests are judged against. */
  limits: z.object({ perMinute: int.positive(), perHour: int.positive() }),
  spanMinutes: int.positive(),
  coins: count,
  /** Real milliseconds the rehearsal took. */
  realMs: count,
});
export type RehearsalResult = z.infer<typeof rehearsalResultSchema>;

export const rehearsalStatusSchema = z.enum(['running', 'done', 'failed']);
export type RehearsalStatus = z.infer<typeof rehearsalStatusSchema>;

/** A rehearsal as GET /api/rehearsal answers it. */
export const rehearsalSchema = z.object({
  id: z.string(),
  filterIds: z.array(z.string()),
  spanMinutes: int,
  status: rehearsalStatusSchema,
  /** Share of the span done, 0–1. */
  progress: z.number().min(0).max(1),
  message: z.string(),
  result: rehearsalResultSchema.nullable(),
  createdAt: z.string(),
});
export type Rehearsal = z.infer<typeof rehearsalSchema>;

export type SoftBanRisk = 'low' | 'medium' | 'high';

/**
 * How close the requests came to the sandbox's soft-ban limits: any soft ban, or a minute or an
 * hour's pace at 90 % of its limit, is high; 60 % is medium. The hour's pace is the span's
 * requests scaled to 60 minutes, so a short span is judged like the hour it would become.
 */
export function softBanRisk(side: RehearsalSide, limits: RehearsalResult['limits']): SoftBanRisk {
  const minuteShare = side.peakRequestsPerMinute / limits.perMinute;
  const hourShare = (side.requestsPerMinute * 60) / limits.perHour;
  const share = Math.max(minuteShare, hourShare);
  if (side.softBans > 0 || share >= 0.9) return 'high';
  return share >= 0.6 ? 'medium' : 'low';
}
