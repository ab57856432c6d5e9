import { describe, expect, it } from 'vitest';
import {
  formatCoins,
  formatCompactNumber,
  formatFullNumber,
  formatPercent,
  formatRatioAsPercent,
} from './numbers.js';

describe('formatCompactNumber: K and M with at most one decimal', () => {
  it.each([
    [0, '0'],
    [150, '150'],
    [950, '950'],
    [999, '999'],
    [999.96, '1K'],
    [1_000, '1K'],
    [1_050, '1.1K'],
    [1_500, '1.5K'],
    [12_345, '12.3K'],
    [99_950, '100K'],
    [999_949, '999.9K'],
    [999_950, '1M'],
    [1_000_000, '1M'],
    [2_540_000, '2.5M'],
    [2_550_000, '2.6M'],
    [15_000_000, '15M'],
    [1_500_000_000, '1,500M'],
    [-1_500, '-1.5K'],
    [-40, '-40'],
    [12.34, '12.3'],
  ])('%d shows as %s', (value, text) => {
    expect(formatCompactNumber(value)).toBe(text);
  });

  it('rejects a value that is not a number', () => {
    expect(() => formatCompactNumber(Number.NaN)).toThrow('value must be a finite number, got NaN');
  });
});

describe('full numbers and the number-format toggle', () => {
  it('groups thousands when compact numbers are off', () => {
    expect(formatFullNumber(1_234_567)).toBe('1,234,567');
    expect(formatFullNumber(-950)).toBe('-950');
    expect(formatCoins(1_500, false)).toBe('1,500');
    expect(formatCoins(1_500, true)).toBe('1.5K');
  });
});

describe('percentages with two decimals', () => {
  it.each([
    [0, '0.00%'],
    [12.345, '12.35%'],
    [1.005, '1.01%'],
    [100, '100.00%'],
    [66.666_666, '66.67%'],
    [-3.1, '-3.10%'],
    [-0.001, '0.00%'],
  ])('%d shows as %s', (value, text) => {
    expect(formatPercent(value)).toBe(text);
  });

  it('turns a ratio into a percentage', () => {
    expect(formatRatioAsPercent(0.1234)).toBe('12.34%');
    expect(formatRatioAsPercent(1)).toBe('100.00%');
  });
});
