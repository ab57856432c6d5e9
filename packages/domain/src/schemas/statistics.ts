import { z } from 'zod';
import { dateTimeSchema, intLike, nonNegativeIntLike } from './common.js';
import { logEntrySchema } from './reports.js';
import { idText } from './text.js';

const rateSchema = z.number().min(0);

/** One day of the weekly profit chart; date is the day as YYYY-MM-DD. */
export const profitPointSchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  value: intLike(),
});
export type ProfitPoint = z.infer<typeof profitPointSchema>;

/** Rates are fractions 0..1 (shown as percentages with 2 decimals); time spent in seconds. */
export const snipeStatisticsSchema = z.object({
  weeklyProfits: z.array(profitPointSchema).max(7),
  totalProfits: intLike(),
  totalSuccessRate: rateSchema,
  totalTimeSpent: nonNegativeIntLike(),
  recentSnipes: z.array(logEntrySchema),
});
export type SnipeStatistics = z.infer<typeof snipeStatisticsSchema>;

/** `weeklyAmounts` (ours): coins moved per UTC day of the last seven, for the history chart. */
export const transferStatisticsSchema = z.object({
  totalAmount: intLike(),
  successRate: rateSchema,
  updatedAt: dateTimeSchema.nullable(),
  weeklyAmounts: z.array(profitPointSchema).max(7).default([]),
});
export type TransferStatistics = z.infer<typeof transferStatisticsSchema>;

export const webStatisticsPartSchema = z.object({
  totalAmount: intLike(),
  totalNumTransfers: nonNegativeIntLike(),
  successRate: rateSchema,
});
export const webStatisticsSchema = z.object({
  transfer: webStatisticsPartSchema,
  snipe: webStatisticsPartSchema,
});
export type WebStatistics = z.infer<typeof webStatisticsSchema>;

export const sbcStatisticsSchema = z.object({
  totalCoinsSpent: nonNegativeIntLike(),
  totalSolved: nonNegativeIntLike(),
  totalTimeSpent: nonNegativeIntLike(),
});
export type SbcStatistics = z.infer<typeof sbcStatisticsSchema>;

/** Statistics calls fall back to these when no data returns. */
export function defaultSnipeStatistics(): SnipeStatistics {
  return { weeklyProfits: [], totalProfits: 0, totalSuccessRate: 0, totalTimeSpent: 0, recentSnipes: [] };
}
/** Transfer statistics when none are stored: nothing transferred yet. */
export function defaultTransferStatistics(): TransferStatistics {
  return { totalAmount: 0, successRate: 0, updatedAt: null, weeklyAmounts: [] };
}
/** Web statistics when none are stored: zero for transfers and snipes. */
export function defaultWebStatistics(): WebStatistics {
  const empty = { totalAmount: 0, totalNumTransfers: 0, successRate: 0 };
  return { transfer: { ...empty }, snipe: { ...empty } };
}
/** SBC statistics when none are stored: nothing solved yet. */
export function defaultSbcStatistics(): SbcStatistics {
  return { totalCoinsSpent: 0, totalSolved: 0, totalTimeSpent: 0 };
}

const isCalendarDay = (day: string) => {
  const time = Date.parse(`${day}T00:00:00.000Z`);
  return Number.isFinite(time) && new Date(time).toISOString().startsWith(day);
};
const statisticDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be YYYY-MM-DD')
  .refine(isCalendarDay, 'Date must be YYYY-MM-DD');

const dayOrDateTimeMessage = 'Date must be YYYY-MM-DD or a date-time such as 2026-05-01T12:00:00Z';

/**
 * The day a request names: a calendar day, or a full ISO date-time (with 'Z' or an offset) whose
 * UTC day it becomes (the web's date pickers send either; figures are kept per UTC day).
 */
const requestedDaySchema = z
  .string({ invalid_type_error: dayOrDateTimeMessage, required_error: dayOrDateTimeMessage })
  .max(40, dayOrDateTimeMessage)
  .transform((text, context) => {
    if (/^\d{4}-\d{2}-\d{2}$/.test(text) && isCalendarDay(text)) return text;
    if (z.string().datetime({ offset: true }).safeParse(text).success) {
      const time = Date.parse(text);
      if (Number.isFinite(time)) return new Date(time).toISOString().slice(0, 10);
    }
    context.addIssue({ code: z.ZodIssueCode.custom, message: dayOrDateTimeMessage });
    return z.NEVER;
  });

/** POST /statistic/account: figures of every account for one UTC day. */
export const accountStatisticsRequestSchema = z.object({ date: requestedDaySchema });
/** POST /statistic/account/reset: start an account's figures of that day again. */
export const accountStatisticsResetSchema = z.object({ id: idText(), date: requestedDaySchema });

/** One account's figures for a day (ours: the spec says only "returns a list"). */
export const accountStatisticsSchema = z.object({
  accountId: z.string(),
  email: z.string(),
  date: statisticDaySchema,
  profits: intLike(),
  snipes: nonNegativeIntLike(),
  snipeSuccessRate: rateSchema,
  transfers: nonNegativeIntLike(),
  coinsTransferred: nonNegativeIntLike(),
  transferSuccessRate: rateSchema,
});
export type AccountStatistics = z.infer<typeof accountStatisticsSchema>;
