import { describe, expect, it } from 'vitest';
import { formatContentDate, formatDate } from './format';

describe('date formatting', () => {
  it('shows a dash for a date that is not set (a plan without an end)', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate(undefined)).toBe('—');
  });

  it('shows a stored date with its year, and content dates in full', () => {
    expect(formatDate('2026-06-01T12:00:00.000Z')).toContain('2026');
    expect(formatContentDate('2026-11-20')).toBe('20 November 2026');
  });
});
