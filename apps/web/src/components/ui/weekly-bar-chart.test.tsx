import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { WeeklyBarChart } from './weekly-bar-chart';

const points = [
  { date: '2026-11-23', value: 0 },
  { date: '2026-11-24', value: 1_500 },
  { date: '2026-11-25', value: 0 },
  { date: '2026-11-26', value: -400 },
  { date: '2026-11-27', value: 0 },
  { date: '2026-11-28', value: 2_250 },
  { date: '2026-11-29', value: 12_345 },
];

function drawChart() {
  render(<WeeklyBarChart title="Weekly profits" points={points} seriesName="Profit" />);
  const region = screen.getByRole('region', { name: 'Weekly profits' });
  return { region, plot: within(region).getByRole('img', { name: 'Weekly profits' }) };
}

describe('WeeklyBarChart', () => {
  it('draws a bar per day at once, taller for a larger value, with three rounded ticks', () => {
    const { region, plot } = drawChart();
    const bars = [...plot.querySelectorAll('rect[data-date]')];
    expect(bars.map((bar) => bar.getAttribute('data-date'))).toEqual(points.map((point) => point.date));
    const heights = bars.map((bar) => Number(bar.getAttribute('height')));
    expect(heights[6]).toBeGreaterThan(heights[5]!);
    expect(heights[5]).toBeGreaterThan(heights[1]!);
    expect(heights[0]).toBe(0);
    // Ticks cover the loss and the best day in multiples of 1,000 (spec 001 §2).
    for (const tick of ['-1,000', '6,000', '13,000']) expect(within(region).getByText(tick)).toBeTruthy();
    expect(within(region).getByText('11-29')).toBeTruthy();
  });

  it("tells a screen reader every day's value", () => {
    const { plot } = drawChart();
    expect(plot.getAttribute('aria-describedby')).toBeTruthy();
    const description = document.getElementById(plot.getAttribute('aria-describedby')!)?.textContent;
    expect(description).toContain('Profit per day');
    expect(description).toContain('2026-11-26: -400');
    expect(description).toContain('2026-11-29: 12,345');
  });

  it("shows a day's value from the keyboard: today first, then the arrows move", async () => {
    const user = userEvent.setup();
    const { region } = drawChart();
    const status = within(region).getByRole('status');
    expect(status.textContent).toBe('');

    await user.tab();
    expect(status.textContent).toBe('2026-11-29Profit: 12,345');
    await user.keyboard('{ArrowLeft}');
    expect(status.textContent).toBe('2026-11-28Profit: 2,250');
    await user.keyboard('{Home}');
    expect(status.textContent).toBe('2026-11-23Profit: 0');
    await user.keyboard('{ArrowLeft}');
    expect(status.textContent).toBe('2026-11-23Profit: 0');
    await user.keyboard('{Escape}');
    expect(status.textContent).toBe('');
  });

  it('shows the value of the day under the pointer, and hides it when the pointer leaves', () => {
    const { region, plot } = drawChart();
    plot.getBoundingClientRect = () => ({ left: 100, width: 700, top: 0, height: 150 }) as DOMRect;
    fireEvent.mouseMove(plot, { clientX: 100 + 3.5 * 100 });
    expect(within(region).getByRole('status').textContent).toBe('2026-11-26Profit: -400');
    fireEvent.mouseLeave(plot);
    expect(within(region).getByRole('status').textContent).toBe('');
  });

  it('says so over the plot when every day is 0, and draws the bars once a day counts', () => {
    const quietWeek = points.map((point) => ({ ...point, value: 0 }));
    const { rerender } = render(
      <WeeklyBarChart
        title="Weekly profits"
        points={quietWeek}
        seriesName="Profit"
        emptyText="Nothing yet"
      />,
    );
    const region = screen.getByRole('region', { name: 'Weekly profits' });
    expect(within(region).getByText('Nothing yet')).toBeTruthy();
    rerender(
      <WeeklyBarChart title="Weekly profits" points={points} seriesName="Profit" emptyText="Nothing yet" />,
    );
    expect(within(region).queryByText('Nothing yet')).toBeNull();
  });
});
