import { describe, expect, it } from 'vitest';
import {
  isTimeRangeOrdered,
  listingDurationMs,
  randomTimeRangeMs,
  timeRangeMs,
  timeValueMs,
} from './time-units.js';

describe('time values in milliseconds', () => {
  it.each([
    [{ value: 250, unit: 'milliseconds' }, 250],
    [{ value: 3, unit: 'seconds' }, 3_000],
    [{ value: 1.5, unit: 'seconds' }, 1_500],
    [{ value: 2, unit: 'minutes' }, 120_000],
    [{ value: 0, unit: 'minutes' }, 0],
  ] as const)('%o is %i ms', (time, ms) => {
    expect(timeValueMs(time)).toBe(ms);
  });

  it('rejects negative values and unknown units', () => {
    expect(() => timeValueMs({ value: -1, unit: 'seconds' })).toThrow('value must not be negative, got -1');
    expect(() => timeValueMs({ value: 1, unit: 'hours' as never })).toThrow(
      'unit must be one of seconds, minutes, milliseconds, got hours',
    );
  });
});

describe('time ranges', () => {
  it('compares min and max after converting both to milliseconds', () => {
    const range = { min: { value: 90, unit: 'seconds' }, max: { value: 2, unit: 'minutes' } } as const;
    expect(timeRangeMs(range)).toEqual({ min: 90_000, max: 120_000 });
    expect(isTimeRangeOrdered(range)).toBe(true);
    expect(
      isTimeRangeOrdered({ min: { value: 1, unit: 'minutes' }, max: { value: 60, unit: 'seconds' } }),
    ).toBe(false);
    expect(
      isTimeRangeOrdered({ min: { value: 2, unit: 'seconds' }, max: { value: 1_999, unit: 'milliseconds' } }),
    ).toBe(false);
  });

  it('draws a whole number of milliseconds inside the range', () => {
    const range = { min: { value: 1, unit: 'seconds' }, max: { value: 2, unit: 'seconds' } } as const;
    expect(randomTimeRangeMs(range, () => 0)).toBe(1_000);
    expect(randomTimeRangeMs(range, () => 0.999_9999)).toBe(2_000);
    expect(randomTimeRangeMs(range, () => 0.25)).toBe(1_250);
  });
});

describe('listing durations', () => {
  it.each([
    [3_600, 3_600_000],
    [10_800, 10_800_000],
    [21_600, 21_600_000],
    [43_200, 43_200_000],
    [86_400, 86_400_000],
    [259_200, 259_200_000],
  ] as const)('%i seconds is %i ms', (seconds, ms) => {
    expect(listingDurationMs(seconds)).toBe(ms);
  });

  it('rejects a duration the game does not offer', () => {
    expect(() => listingDurationMs(7_200 as never)).toThrow(
      'duration must be a listing duration in seconds, got 7200',
    );
  });
});
