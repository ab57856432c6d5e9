import { describe, expect, it } from 'vitest';
import { defaultRefusalBackoff, refusalRetryDelay } from './socket-recovery';

describe('the wait before retrying a refused handshake', () => {
  const longest = () => 1;
  const shortest = () => 0;

  it('doubles from one second up to thirty seconds', () => {
    const steps = [0, 1, 2, 3, 4, 5, 6, 20].map((attempt) => refusalRetryDelay(attempt, undefined, longest));
    expect(steps).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('drops a random part of at most half the step, so refused browsers spread out', () => {
    expect(refusalRetryDelay(0, undefined, shortest)).toBe(500);
    expect(refusalRetryDelay(10, undefined, shortest)).toBe(15_000);
    expect(refusalRetryDelay(10, undefined, () => 0.5)).toBe(22_500);
  });

  it('keeps retrying for longer than one session check before giving up', () => {
    const shortestTotal = Array.from({ length: defaultRefusalBackoff.maxRefusals }, (_, attempt) =>
      refusalRetryDelay(attempt, undefined, shortest),
    ).reduce((total, delay) => total + delay, 0);
    expect(shortestTotal).toBeGreaterThan(5 * 60_000);
  });
});
