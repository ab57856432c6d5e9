import { describe, expect, it } from 'vitest';
import { elapsedSeconds, formatChallengeExpiry, formatLatencyMessage, formatSeconds } from './durations.js';

describe('elapsed time in seconds', () => {
  const start = Date.UTC(2026, 0, 1, 12, 0, 0);

  it.each([
    [0, 0, '0s'],
    [999, 0, '0s'],
    [42_500, 42, '42s'],
    [3_725_000, 3_725, '3,725s'],
    [-5_000, 0, '0s'],
  ])('%i ms after the start is %i s, shown as %s', (offset, seconds, text) => {
    expect(elapsedSeconds(start, start + offset)).toBe(seconds);
    expect(formatSeconds(elapsedSeconds(start, start + offset))).toBe(text);
  });
});

describe('latency message', () => {
  it("reads 'Latency: N ms'", () => {
    expect(formatLatencyMessage(42)).toBe('Latency: 42 ms');
    expect(formatLatencyMessage(75.6)).toBe('Latency: 76 ms');
  });
});

describe('challenge expiry display', () => {
  it.each([
    [600_000, '-', 'hidden'],
    [525_600, '365d', 'green'],
    [43_261, '30d 1h', 'green'],
    [20_000, '13d 21h', 'neutral'],
    [10_079, '6d 23h', 'warning'],
    [1_440, '1d', 'warning'],
    [1_439, '23h 59m', 'red'],
    [245, '4h 5m', 'red'],
    [120, '2h', 'red'],
    [59, '59m', 'red'],
    [0, 'Expired', 'red'],
    [-10, 'Expired', 'red'],
  ] as const)('%i minutes left shows %s in %s', (minutes, text, band) => {
    expect(formatChallengeExpiry(minutes)).toEqual({ text, band });
  });
});
