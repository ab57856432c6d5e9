import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { TransferHistoryChart } from './transfer-history-chart';

afterEach(() => vi.unstubAllGlobals());

describe('TransferHistoryChart', () => {
  it('tells a new user no coins were transferred instead of showing an empty plot', async () => {
    const fake = fakeFetch({
      'GET /api/statistic/transfer': {
        status: 200,
        body: { data: { totalAmount: 0, successRate: 0, updatedAt: null, weeklyAmounts: [] } },
      },
    });
    vi.stubGlobal('fetch', fake.fetchStub);
    renderWithProviders(<TransferHistoryChart />);
    const region = await screen.findByRole('region', { name: 'Transfer history' });
    expect(await within(region).findByText('No coins transferred in the last 7 days')).toBeTruthy();
  });
});
