import { describe, expect, it } from 'vitest';
import { firstIssueMessage } from '../errors.js';
import { timeRange, timeRangeSchema } from './time-range.js';

describe('time range', () => {
  it.each([
    [timeRange(1, 2, 'seconds'), true],
    [timeRange(2, 2, 'seconds'), false],
    [{ min: { value: 1, unit: 'minutes' }, max: { value: 59, unit: 'seconds' } }, false],
    [{ min: { value: 1, unit: 'minutes' }, max: { value: 61, unit: 'seconds' } }, true],
    [{ min: { value: 999, unit: 'milliseconds' }, max: { value: 1, unit: 'seconds' } }, true],
    [{ min: { value: 1000, unit: 'milliseconds' }, max: { value: 1, unit: 'seconds' } }, false],
  ])('%j is valid: %s (compared in milliseconds)', (range, ok) => {
    const result = timeRangeSchema.safeParse(range);
    expect(result.success).toBe(ok);
    if (!result.success)
      expect(firstIssueMessage(result.error)).toBe('Max value must be greater than min value');
  });

  it('coerces number-or-text values to integers', () => {
    const parsed = timeRangeSchema.parse({
      min: { value: '3', unit: 'seconds' },
      max: { value: '5.5', unit: 'seconds' },
    });
    expect(parsed).toEqual(timeRange(3, 5, 'seconds'));
  });
});
