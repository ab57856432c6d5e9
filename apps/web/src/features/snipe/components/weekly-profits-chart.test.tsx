import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { WeeklyProfitsChart } from './weekly-profits-chart';

function answerSnipeStatistics(weeklyProfits: Array<{ date: string; value: number }>) {
  const fake = fakeFetch({
    'GET /api/statistic/snipe': {
      status: 200,
      body: {
        data: { weeklyProfits, totalProfits: 0, totalSuccessRate: 0, totalTimeSpent: 0, recentSnipes: [] },
      },
    },
  });
  vi.stubGlobal('fetch', fake.fetchStub);
}

afterEach(() => vi.unstubAllGlobals());

describe('WeeklyProfitsChart', () => {
  it('tells a new user there are no profits yet instead of showing an empty plot', async () => {
    answerSnipeStatistics([]);
    renderWithProviders(<WeeklyProfitsChart />);
    const region = await screen.findByRole('region', { name: 'Weekly profits' });
    expect(await within(region).findByText('No profits in the last 7 days')).toBeTruthy();
  });

  it('draws the week without that text once a day has a profit', async () => {
    const today = new Date().toISOString().slice(0, 10);
    answerSnipeStatistics([{ date: today, value: 1_500 }]);
    renderWithProviders(<WeeklyProfitsChart />);
    const region = await screen.findByRole('region', { name: 'Weekly profits' });
    await vi.waitFor(() => expect(region.querySelector('rect[height]:not([height="0"])')).not.toBeNull());
    expect(within(region).queryByText('No profits in the last 7 days')).toBeNull();
  });
});
