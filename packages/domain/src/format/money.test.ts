import { describe, expect, it } from 'vitest';
import { centsToEuros, formatEuroCents } from './money.js';

describe('cents to euro', () => {
  it.each([
    [0, 0, '€0.00'],
    [5, 0.05, '€0.05'],
    [1_250, 12.5, '€12.50'],
    [123_456, 1_234.56, '€1,234.56'],
    [-999, -9.99, '-€9.99'],
  ])('%i cents is %d euro, shown as %s', (cents, euros, text) => {
    expect(centsToEuros(cents)).toBe(euros);
    expect(formatEuroCents(cents)).toBe(text);
  });

  it('rejects fractions of a cent', () => {
    expect(() => formatEuroCents(12.5)).toThrow('cents must be a whole number, got 12.5');
  });
});
