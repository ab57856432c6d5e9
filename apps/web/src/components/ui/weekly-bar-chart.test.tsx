import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WeeklyBarChart } from './weekly-bar-chart';

// The bars themselves (recharts) are not under test: a marker stands in for the plot's chunk.
vi.mock('./weekly-bar-plot', () => ({
  WeeklyBarPlot: ({ seriesName }: { seriesName: string }) => <p>bars of {seriesName}</p>,
}));

/** An IntersectionObserver the test moves into view by hand. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly observed: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {}
  scrollIntoView(isIntersecting: boolean) {
    const entries = this.observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

const points = [{ date: '2026-11-29', value: 1_000 }];

describe('WeeklyBarChart', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeIntersectionObserver.instances = [];
  });

  it('draws its bars only once the visitor scrolls near the chart', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    render(<WeeklyBarChart title="Weekly profits" points={points} seriesName="Profit" />);
    expect(screen.getByRole('heading', { name: 'Weekly profits' })).toBeTruthy();
    const observer = FakeIntersectionObserver.instances.at(-1)!;

    act(() => observer.scrollIntoView(false));
    expect(screen.queryByText('bars of Profit')).toBeNull();

    act(() => observer.scrollIntoView(true));
    expect(await screen.findByText('bars of Profit')).toBeTruthy();
  });

  it('draws them at once where the browser cannot tell (no IntersectionObserver)', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<WeeklyBarChart title="Weekly profits" points={points} seriesName="Profit" />);
    expect(await screen.findByText('bars of Profit')).toBeTruthy();
  });
});
