import { z } from 'zod';
import { timeUnitSchema, toMilliseconds, type TimeUnit } from '../enums/units.js';
import { messages } from '../messages.js';
import { countLike } from './common.js';

/** A duration: a value and its unit. */
export const timeValueSchema = z.object({ value: countLike(), unit: timeUnitSchema });

/** A min/max pair; max must exceed min once both are in milliseconds. */
export const timeRangeSchema = z
  .object({ min: timeValueSchema, max: timeValueSchema })
  .superRefine((range, ctx) => {
    if (toMilliseconds(range.max.value, range.max.unit) <= toMilliseconds(range.min.value, range.min.unit)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['max', 'value'], message: messages.timeRangeOrder });
    }
  });
// The TimeValue/TimeRange types live in math/time-units.ts (structurally the same, read-only).
type TimeRangeSetting = z.infer<typeof timeRangeSchema>;

/** Builds a range whose bounds share one unit. */
export function timeRange(min: number, max: number, unit: TimeUnit): TimeRangeSetting {
  return { min: { value: min, unit }, max: { value: max, unit } };
}
