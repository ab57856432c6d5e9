import { describe, expect, it } from 'vitest';
import { timeRange } from '@tradedesk/domain';
import { configuration } from '../testing/index.js';
import { seededRng } from '../time/rng.js';
import { Pacing } from './pacing.js';

const draws = (draw: () => number) => Array.from({ length: 500 }, draw);

describe('pacing', () => {
  it('pauses 400–500 ms between follow-up requests by default', () => {
    const pacing = new Pacing(configuration(), seededRng(1));
    const waits = draws(() => pacing.requestPauseMs());
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(400);
    expect(Math.max(...waits)).toBeLessThanOrEqual(500);
  });

  it('with a user delay d, waits between max(500, d − 30) and d + 550', () => {
    const pacing = new Pacing(configuration({ calibration: { delay: 2_000 } }), seededRng(2));
    const waits = draws(() => pacing.requestPauseMs());
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(1_970);
    expect(Math.max(...waits)).toBeLessThanOrEqual(2_550);
    const small = new Pacing(configuration({ calibration: { delay: 100 } }), seededRng(2));
    expect(Math.min(...draws(() => small.requestPauseMs()))).toBeGreaterThanOrEqual(500);
  });

  it('draws the delay between snipes and the pagination interval from their configured ranges', () => {
    const pacing = new Pacing(
      configuration({
        time: { delay: timeRange(2, 4, 'seconds'), pagination: timeRange(700, 900, 'milliseconds') },
      }),
      seededRng(3),
    );
    const cycles = draws(() => pacing.cycleWaitMs());
    const pages = draws(() => pacing.paginationWaitMs());
    expect([Math.min(...cycles), Math.max(...cycles)].every((ms) => ms >= 2_000 && ms <= 4_000)).toBe(true);
    expect([Math.min(...pages), Math.max(...pages)].every((ms) => ms >= 700 && ms <= 900)).toBe(true);
    const afterBuy = draws(() => pacing.afterBuyMs());
    expect(Math.min(...afterBuy)).toBeGreaterThanOrEqual(800);
    expect(Math.max(...afterBuy)).toBeLessThanOrEqual(900);
  });
});
