import { defaultConfiguration, defaultMarketConfig } from '@tradedesk/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { MarketConfigSection } from './market-config-section';

const input = (name: string) => screen.getByLabelText(name, { exact: true }) as HTMLInputElement;

describe('market configuration', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('edits the players list and the exclusion switch, and saves them with PUT /configuration/market', async () => {
    const { fetchStub, calls } = fakeFetch({
      'PUT /api/configuration/market': { status: 200, body: { data: defaultConfiguration() } },
    });
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<MarketConfigSection stored={defaultMarketConfig()} />);
    const user = userEvent.setup();
    expect(screen.getByText('No players yet.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByLabelText(/Exclusion purchase/));
    await user.click(screen.getByRole('button', { name: 'Add player' }));
    await user.click(screen.getByRole('button', { name: 'Add player' }));
    await user.clear(input('Player 1 id'));
    await user.type(input('Player 1 id'), '20801');
    await user.type(input('Player 1 name'), 'Cristiano Ronaldo');
    await user.click(input('Player 1 excluded'));
    await user.clear(input('Player 2 id'));
    await user.type(input('Player 2 id'), '30000');
    await user.clear(input('Player 2 price'));
    await user.type(input('Player 2 price'), '5000');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({
      isExclusionPurchaseEnabled: true,
      players: [
        { id: 20801, name: 'Cristiano Ronaldo', price: 0, isExcluded: true },
        { id: 30000, name: '', price: 5000, isExcluded: false },
      ],
    });
    expect(await screen.findByText('Updated market config')).toBeTruthy();
  });

  it('names the row of an emptied id in its message', async () => {
    const { fetchStub, calls } = fakeFetch({});
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(
      <MarketConfigSection
        stored={{ ...defaultMarketConfig(), players: [{ id: 1, name: 'A', price: 0, isExcluded: false }] }}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add player' }));
    await user.clear(input('Player 2 id'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Player 2 id must be a number')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
