import { describe, expect, it } from 'vitest';
import { blockFor } from '../../test/block-thread.js';
import { createStallLedger } from './stall-ledger.js';

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('createStallLedger', () => {
  it('counts a blocked loop within the window that holds it, and not before it', async () => {
    const ledger = createStallLedger(() => Date.now(), { tickMs: 20, minStallMs: 100 });
    try {
      await settle();
      const before = Date.now();
      blockFor(600);
      // Asked before its late tick has run: the stall still going on counts.
      expect(ledger.stalledMsSince(before)).toBeGreaterThanOrEqual(500);
      await settle();
      // Recorded once the tick ran: the same stall, counted once.
      const recorded = ledger.stalledMsSince(before);
      expect(recorded).toBeGreaterThanOrEqual(500);
      expect(recorded).toBeLessThanOrEqual(Date.now() - before);
      // A window that starts after the stall holds none of it.
      expect(ledger.stalledMsSince(Date.now())).toBe(0);
    } finally {
      ledger.stop();
    }
  });
});
