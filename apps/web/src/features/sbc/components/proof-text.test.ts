import { describe, expect, it } from 'vitest';
import { proofText } from './proof-text';

describe("a squad's proof beside its cost", () => {
  it('says proven cheapest for an optimal squad', () => {
    expect(proofText({ kind: 'optimal' })).toBe('(proven cheapest)');
  });

  it('measures how far above the cheapest from the bound, not from the squad', () => {
    // Full House on the standard pool: 1,101 against a bound of 756; the solver's gap is 345 / 1,101.
    expect(proofText({ kind: 'bounded', lowerBound: 756, gap: (1_101 - 756) / 1_101 })).toBe(
      '(at most 45.63% above the cheapest possible)',
    );
    expect(proofText({ kind: 'bounded', lowerBound: 800, gap: 0.2 })).toBe(
      '(at most 25.00% above the cheapest possible)',
    );
  });

  it('claims no margin where the bound says nothing', () => {
    expect(proofText({ kind: 'bounded', lowerBound: 0, gap: 1 })).toBe('(not proven cheapest)');
  });
});
