import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LookMarks, ONE_HOUR_MARK_INTERVAL_MS } from './look-marks.js';

const HOUR = 3_600;

describe('where a fleet looks for new listings', () => {
  it('looks at the one-hour mark at least every interval, whatever the other marks hold', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 1_500 }), fc.nat(20)), { minLength: 1, maxLength: 300 }),
        (steps) => {
          const marks = new LookMarks();
          let now = 0;
          let lastHourLook: number | undefined;
          for (const [gap, found] of steps) {
            now += gap;
            const { mark, sinceLastLookS } = marks.take(now);
            expect(marks.marks).toContain(mark);
            expect(sinceLastLookS).toBeGreaterThanOrEqual(0);
            if (lastHourLook === undefined || now - lastHourLook >= ONE_HOUR_MARK_INTERVAL_MS)
              expect(mark).toBe(HOUR);
            if (mark === HOUR) lastHourLook = now;
            marks.noteFound(mark, sinceLastLookS, found);
          }
        },
      ),
    );
  });

  it('sends the looks between to the longer mark with the most new listings waiting', () => {
    const marks = new LookMarks([HOUR, 10_800, 21_600]);
    expect(marks.take(0).mark).toBe(HOUR);
    // Each longer mark is read once first; then the one whose listings arrive faster wins.
    expect(marks.take(100).mark).toBe(10_800);
    expect(marks.take(200).mark).toBe(21_600);
    const again3h = marks.take(10_200);
    expect(again3h).toEqual({ mark: HOUR, sinceLastLookS: 10.2 });
    marks.noteFound(10_800, 10, 0);
    marks.noteFound(21_600, 10, 5);
    const { mark } = marks.take(10_300);
    expect(mark).toBe(21_600);
  });

  it('books a look at once, so two accounts starting together read different marks', () => {
    const marks = new LookMarks([HOUR, 10_800]);
    expect(marks.take(5_000).mark).toBe(HOUR);
    expect(marks.take(5_000).mark).toBe(10_800);
  });
});
