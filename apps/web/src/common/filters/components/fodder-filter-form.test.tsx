import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { useFilterWorkspace } from '../state/use-filter-workspace';
import { FilterPanel } from './filter-panel';

function Harness() {
  const workspace = useFilterWorkspace({ saved: [], initialSelectedIds: [], isRotationEnabled: false });
  return <FilterPanel workspace={workspace} />;
}

const field = (name: string) => screen.getByLabelText(name, { exact: true }) as HTMLInputElement;

describe('fodder filter form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('adds a Fodder filter from the menu, checks its rating and prices, then saves it', async () => {
    const { fetchStub, calls } = fakeFetch({
      'POST /api/filter': {
        status: 200,
        body: {
          data: {
            id: 'f-fodder',
            type: 'fodder',
            label: 'Cheap 86s',
            player: {
              rating: 86,
              quality: 'special',
              minPrice: 0,
              maxPrice: 2000,
              minProfit: { value: 5, unit: 'percentage' },
            },
            followUp: {
              action: 'send_to_club',
              startPrice: 0,
              buyNowPrice: 0,
              duration: 3600,
              percentage: 0,
            },
          },
        },
      },
      'GET /api/filter': { status: 200, body: { data: [] } },
    });
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<Harness />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Fodder Filter' }));

    // Defaults: rating 84, gold; only gold and special are offered.
    expect(field('Rating').value).toBe('84');
    expect(field('Quality').value).toBe('gold');
    expect([...(field('Quality') as unknown as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Gold',
      'Special',
    ]);

    await user.clear(field('Label'));
    await user.type(field('Label'), 'Cheap 86s');
    await user.clear(field('Rating'));
    await user.type(field('Rating'), '95');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Rating must be between 84 and 94')).toHaveLength(2);
    expect(field('Rating').getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.clear(field('Rating'));
    await user.type(field('Rating'), '86');
    await user.selectOptions(field('Quality'), 'special');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Max Buy Now Price: Max price must be greater than min price'),
    ).toBeTruthy();

    const maxPrice = field('Max Buy Now Price');
    await user.clear(maxPrice);
    await user.type(maxPrice, '2000');
    await user.tab();
    await user.clear(field('Min Profits'));
    await user.type(field('Min Profits'), '5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')!.body).toMatchObject({
      type: 'fodder',
      label: 'Cheap 86s',
      player: { rating: 86, quality: 'special', minPrice: 0, maxPrice: 2000, minProfit: { value: 5 } },
      followUp: { action: 'send_to_club' },
    });
    expect(await screen.findByText('Updated filters')).toBeTruthy();
  });
});
