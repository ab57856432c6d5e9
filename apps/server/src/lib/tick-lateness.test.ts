import { describe, expect, it } from 'vitest';
import { blockFor } from '../../test/block-thread.js';
import { tickLateness } from './tick-lateness.js';

const settle = () => new Promise((resolve) => setTimeout(resolve, 40));

describe('tickLateness', () => {
  it('sees a block while it goes on, hands it to the next tick, and forgets it after a restart', async () => {
    const seen: number[] = [];
    const lateness = tickLateness(10, (lateMs) => seen.push(lateMs));
    try {
      await settle();
      blockFor(300);
      expect(lateness.latenessNow()).toBeGreaterThanOrEqual(250);
      await settle();
      expect(Math.max(...seen)).toBeGreaterThanOrEqual(250);

      seen.length = 0;
      blockFor(300);
      lateness.restart();
      expect(lateness.latenessNow()).toBeLessThan(250);
      await settle();
      expect(Math.max(...seen)).toBeLessThan(250);
    } finally {
      lateness.stop();
    }
  });
});
