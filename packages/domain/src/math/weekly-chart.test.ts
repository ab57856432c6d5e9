import { describe, expect, it } from 'vitest';
import { lastSevenDays, weeklyChartTicks, weeklySeries } from './weekly-chart.js';

const now = Date.UTC(2026, 10, 22, 3, 15);

describe('weekly series', () => {
  it('covers the 7 UTC days ending today, oldest first', () => {
    expect(lastSevenDays(now)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
  });

  it('sums values per day, fills missing days with 0 and drops older days', () => {
    const series = weeklySeries(
      [
        { date: '2026-11-22T01:00:00Z', value: 1_500 },
        { date: '2026-11-22T02:00:00Z', value: 500 },
        { date: '2026-11-18', value: -300 },
        { date: '2026-11-01', value: 99_999 },
      ],
      now,
    );
    expect(series).toHaveLength(7);
    expect(series.at(-1)).toEqual({ date: '2026-11-22', value: 2_000 });
    expect(series[2]).toEqual({ date: '2026-11-18', value: -300 });
    expect(series[0]).toEqual({ date: '2026-11-16', value: 0 });
  });

  it('gives seven zero days when no data returns', () => {
    expect(weeklySeries([], now).map((day) => day.value)).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });
});

describe('weeklyChartTicks: 3 ticks rounded up to 1000', () => {
  it.each([
    [[], [0, 1_000, 2_000]],
    [
      [0, 0, 0],
      [0, 1_000, 2_000],
    ],
    [[150], [0, 1_000, 2_000]],
    [[2_000], [0, 1_000, 2_000]],
    [[2_001], [0, 2_000, 4_000]],
    [
      [12_345, 800],
      [0, 7_000, 14_000],
    ],
    [
      [-500, 1_000],
      [-1_000, 0, 1_000],
    ],
    [
      [-2_500, 3_000],
      [-3_000, 0, 3_000],
    ],
  ])('values %j give ticks %j', (values, ticks) => {
    expect(weeklyChartTicks(values)).toEqual(ticks);
  });
});
