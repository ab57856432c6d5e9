import { requireFinite } from './guards.js';

/** Weekly statistics cover 7 days. */
export const WEEKLY_DAYS = 7;
/** The weekly profits chart shows 3 y-axis ticks. */
export const WEEKLY_CHART_TICK_COUNT = 3;
/** Ticks are rounded up to whole thousands. */
export const WEEKLY_CHART_TICK_ROUNDING = 1_000;

const DAY_MS = 86_400_000;

/** One bar of the weekly profits chart. `date` is a UTC calendar day, YYYY-MM-DD. */
export interface DailyValue {
  readonly date: string;
  readonly value: number;
}

function utcDay(time: number | string | Date): string {
  const date = new Date(time);
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a valid date: ${String(time)}`);
  return date.toISOString().slice(0, 10);
}

/** The 7 UTC days ending with the day of `nowMs`, oldest first. */
export function lastSevenDays(nowMs: number): string[] {
  requireFinite(nowMs, 'nowMs');
  return Array.from({ length: WEEKLY_DAYS }, (_, index) =>
    utcDay(nowMs - (WEEKLY_DAYS - 1 - index) * DAY_MS),
  );
}

/**
 * The chart's 7 bars ending today: values on the same UTC day are summed, missing days are 0,
 * days outside the week are ignored (statistics fall back to defaults when no data returns).
 */
export function weeklySeries(
  entries: readonly { readonly date: number | string | Date; readonly value: number }[],
  nowMs: number,
): DailyValue[] {
  const totals = new Map(lastSevenDays(nowMs).map((day) => [day, 0]));
  for (const entry of entries) {
    const day = utcDay(entry.date);
    const total = totals.get(day);
    if (total !== undefined) totals.set(day, total + requireFinite(entry.value, 'value'));
  }
  return [...totals].map(([date, value]) => ({ date, value }));
}

/**
 * Three evenly spaced y-axis ticks, each a multiple of 1,000, covering every value and 0:
 * [0, 1000, 2000] for an empty or all-zero week; losses move the lowest tick below 0.
 */
export function weeklyChartTicks(values: readonly number[]): [number, number, number] {
  values.forEach((value) => requireFinite(value, 'value'));
  const highest = Math.max(0, ...values);
  const lowest = Math.min(0, ...values);
  const bottom = Math.floor(lowest / WEEKLY_CHART_TICK_ROUNDING) * WEEKLY_CHART_TICK_ROUNDING;
  const intervals = WEEKLY_CHART_TICK_COUNT - 1;
  const step = Math.max(
    WEEKLY_CHART_TICK_ROUNDING,
    Math.ceil((highest - bottom) / intervals / WEEKLY_CHART_TICK_ROUNDING) * WEEKLY_CHART_TICK_ROUNDING,
  );
  // `+ 0` turns a -0 from Math.floor(0 / n) into 0.
  return [bottom + 0, bottom + step, bottom + 2 * step];
}
