import { type ListingDuration, isListingDuration } from '../enums/filter.js';
import { type TimeUnit, timeUnitValues, toMilliseconds } from '../enums/units.js';
import { requireNonNegative } from './guards.js';
import { type MsRange, type Rng, randomIntInclusive } from './random.js';

/** A duration as the configuration forms store it: a value and its unit. */
export interface TimeValue {
  readonly value: number;
  readonly unit: TimeUnit;
}

/** A min/max pair of durations (delay, break, sniping duration, pagination interval …). */
export interface TimeRange {
  readonly min: TimeValue;
  readonly max: TimeValue;
}

/** A duration in milliseconds; rejects negative values and unknown units. */
export function timeValueMs(time: TimeValue): number {
  requireNonNegative(time.value, 'value');
  if (!(timeUnitValues as readonly string[]).includes(time.unit)) {
    throw new RangeError(`unit must be one of ${timeUnitValues.join(', ')}, got ${String(time.unit)}`);
  }
  return toMilliseconds(time.value, time.unit);
}

/** Both ends of a time range in milliseconds. */
export function timeRangeMs(range: TimeRange): MsRange {
  return { min: timeValueMs(range.min), max: timeValueMs(range.max) };
}

/** The spec's rule for time ranges: max must exceed min after conversion to milliseconds. */
export function isTimeRangeOrdered(range: TimeRange): boolean {
  const { min, max } = timeRangeMs(range);
  return max > min;
}

/** A whole number of milliseconds drawn uniformly from the range (both ends included). */
export function randomTimeRangeMs(range: TimeRange, rng: Rng): number {
  return randomIntInclusive(timeRangeMs(range), rng);
}

/** A listing duration (seconds, one of 1 h … 3 days) in milliseconds. */
export function listingDurationMs(durationSeconds: ListingDuration): number {
  if (!isListingDuration(durationSeconds)) {
    throw new RangeError(`duration must be a listing duration in seconds, got ${String(durationSeconds)}`);
  }
  return durationSeconds * 1000;
}
