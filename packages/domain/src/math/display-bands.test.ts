import { describe, expect, it } from 'vitest';
import { expiryBand, isAboveSafeLatency, latencyColour, minutesUntil } from './display-bands.js';

describe('latencyColour', () => {
  it.each([
    [0, 'green'],
    [50, 'green'],
    [50.5, 'yellow'],
    [51, 'yellow'],
    [90, 'yellow'],
    [91, 'red'],
    [400, 'red'],
  ] as const)('%d ms is %s', (latency, colour) => {
    expect(latencyColour(latency)).toBe(colour);
  });

  it('flags a latency above the configured safe latency', () => {
    expect(isAboveSafeLatency(76, 75)).toBe(true);
    expect(isAboveSafeLatency(75, 75)).toBe(false);
  });
});

describe('challenge expiry band (minutes)', () => {
  it.each([
    [-5, 'red'],
    [0, 'red'],
    [1_439, 'red'],
    [1_440, 'warning'],
    [10_079, 'warning'],
    [10_080, 'neutral'],
    [43_200, 'neutral'],
    [43_201, 'green'],
    [525_600, 'green'],
    [525_601, 'hidden'],
  ] as const)('%i minutes left is %s', (minutes, band) => {
    expect(expiryBand(minutes)).toBe(band);
  });

  it('counts whole minutes until the expiry from an injected now', () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    expect(minutesUntil(now + 90_000, now)).toBe(1);
    expect(minutesUntil(now + 86_400_000, now)).toBe(1_440);
    expect(minutesUntil(now - 30_000, now)).toBe(-1);
  });
});
