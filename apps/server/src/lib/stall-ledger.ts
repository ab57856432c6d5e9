import { tickLateness } from './tick-lateness.js';

/** How long this process could not run (its event loop was blocked or starved) within a window. */
export interface StallReading {
  /** Milliseconds of the window from `sinceMs` (app clock) to now during which the process could not run. */
  stalledMsSince(sinceMs: number): number;
}

export interface StallLedger extends StallReading {
  stop(): void;
}

interface Stall {
  /** When it ended, on the app clock. */
  endedAtMs: number;
  /** How long it lasted, measured on the monotonic clock (the app clock may be a test's). */
  durationMs: number;
}

/** Stalls older than this are forgotten: no limit judged with them is that long. */
const keepForMs = 15 * 60_000;

/**
 * Keeps the stalls of this process's event loop: a timer ticks every `tickMs`, and a tick that comes
 * later than that by more than `minStallMs` is a stall of that length, ending now. The lost-agent rule
 * subtracts them from the ages it judges: a node that could not run for N seconds could not see an
 * agent's beats or reconnect for those N seconds either. A stall still going on when asked (the
 * judge runs before the ledger's late tick) counts too.
 */
export function createStallLedger(
  now: () => number,
  { tickMs = 100, minStallMs = 250 }: { tickMs?: number; minStallMs?: number } = {},
): StallLedger {
  const stalls: Stall[] = [];
  const lateness = tickLateness(tickMs, (lateMs) => {
    const at = now();
    if (lateMs > minStallMs) stalls.push({ endedAtMs: at, durationMs: lateMs });
    while (stalls.length > 0 && (stalls[0]?.endedAtMs ?? at) < at - keepForMs) stalls.shift();
  });

  /** The part of a stall ending at `endedAtMs` that lies after `sinceMs`. */
  const overlap = (sinceMs: number, endedAtMs: number, durationMs: number) =>
    Math.max(0, Math.min(durationMs, endedAtMs - sinceMs));

  return {
    stalledMsSince(sinceMs) {
      const ongoing = lateness.latenessNow();
      let total = ongoing > minStallMs ? overlap(sinceMs, now(), ongoing) : 0;
      for (const stall of stalls) total += overlap(sinceMs, stall.endedAtMs, stall.durationMs);
      return total;
    },
    stop: lateness.stop,
  };
}
