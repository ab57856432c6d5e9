import { describe, expect, it } from 'vitest';
import { nextFollowUpPercentage } from './follow-up.js';

describe('follow-up percentage input', () => {
  it.each([
    [50, 75, 75],
    [50, 75.9, 75],
    [50, '33.3', 33],
    [50, 0, 0],
    [50, 100, 100],
    [50, 101, 50],
    [50, -1, 50],
    [50, 'abc', 50],
    [50, '', 50],
  ])('from %j, typing %j gives %j', (current, input, expected) => {
    expect(nextFollowUpPercentage(current, input)).toBe(expected);
  });
});
