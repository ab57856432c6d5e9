import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { PlayerCard } from './player-card';
import { priceTicks } from './price-history-dialog';

const price = (current: number) => ({ current, source: 'futbin', isStale: false });
const site = { id: 237067, urlName: 'pele' };
const pele = {
  id: 237067,
  name: 'Pelé',
  rating: 95,
  rarity: 'icon' as const,
  position: 'CAM',
  pc: price(6_200_000),
  ps: price(5_950_000),
  isSBC: false,
  isObjective: false,
  isExtinct: false,
  futbin: site,
  futwiz: site,
  futgg: site,
};
const hour = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000).toISOString();
const week = {
  id: pele.id,
  platform: 'pc',
  current: { current: 6_200_000, source: 'futbin', observedAt: hour(0), ageMs: 0, isStale: false },
  min: 6_000_000,
  max: 6_400_000,
  average: 6_150_000,
  trend: 3.33,
  observations: 40,
  history: [
    { at: hour(30), price: 6_000_000 },
    { at: hour(20), price: 6_400_000 },
    { at: hour(2), price: 6_200_000 },
  ],
};
const emptyWeek = { ...week, min: null, max: null, average: null, trend: 0, observations: 0, history: [] };

function renderCard(answer: { status: number; body?: unknown }) {
  const { fetchStub, calls } = fakeFetch({ 'GET /api/player-data/price/statistics': answer });
  vi.stubGlobal('fetch', fetchStub);
  renderWithProviders(<PlayerCard player={pele} />);
  return { calls, user: userEvent.setup() };
}

const openHistory = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: 'Price history of Pelé 95' }));
  return screen.findByRole('dialog', { name: 'Price history of Pelé 95' });
};

afterEach(() => vi.unstubAllGlobals());

describe('a card’s price history', () => {
  it('asks for the card’s last 7 days on PC and console and charts each with its figures', async () => {
    const { calls, user } = renderCard({ status: 200, body: { data: week } });
    const dialog = await openHistory(user);
    for (const name of [
      'PC average price per hour, last 7 days (3 hours)',
      'PS/XBOX average price per hour, last 7 days (3 hours)',
    ]) {
      const figure = await within(dialog).findByRole('figure', { name });
      const figures = within(figure)
        .getAllByRole('definition')
        .map((value) => value.textContent);
      expect(figures).toEqual(['6,000,000', '6,400,000', '6,150,000', '+3.33%']);
    }
    expect(calls.map((call) => call.url).sort()).toEqual([
      '/api/player-data/price/statistics?definitionId=237067&platform=pc&rarity=icon',
      '/api/player-data/price/statistics?definitionId=237067&platform=ps&rarity=icon',
    ]);
  });

  it('says so in words when a platform has no prices in the week', async () => {
    const { user } = renderCard({ status: 200, body: { data: emptyWeek } });
    const dialog = await openHistory(user);
    await waitFor(() =>
      expect(within(dialog).getAllByText('No price history in the last 7 days')).toHaveLength(2),
    );
    expect(within(dialog).queryByRole('figure')).toBeNull();
  });

  it('says what went wrong when the history cannot be read', async () => {
    const { user } = renderCard({ status: 400, body: { message: 'definitionId must be a positive number' } });
    const dialog = await openHistory(user);
    const alerts = await within(dialog).findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      'Could not load the PC price history: definitionId must be a positive number',
      'Could not load the PS/XBOX price history: definitionId must be a positive number',
    ]);
  });

  it('says it is loading while the history is on its way', async () => {
    vi.stubGlobal('fetch', () => new Promise<Response>(() => {}));
    renderWithProviders(<PlayerCard player={pele} />);
    const dialog = await openHistory(userEvent.setup());
    const loading = await within(dialog).findAllByRole('status');
    expect(loading.map((status) => status.textContent)).toEqual([
      'Loading the PC price history…',
      'Loading the PS/XBOX price history…',
    ]);
  });

  it('opens from the keyboard, takes the focus, and Escape closes it back to its button', async () => {
    const { user } = renderCard({ status: 200, body: { data: week } });
    const button = screen.getByRole('button', { name: 'Price history of Pelé 95' });
    button.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Price history of Pelé 95' });
    // On the dialog's own Close button (the backdrop, also named Close, is for the pointer).
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Close'));
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});

describe('the price axis', () => {
  it('has round ticks around the week, also when the week has one price', () => {
    expect(priceTicks([3_701_000])).toEqual([3_600_000, 3_650_000, 3_700_000, 3_750_000, 3_800_000]);
    expect(priceTicks([20_000, 30_000])).toEqual([15_000, 20_000, 25_000, 30_000, 35_000]);
    expect(priceTicks([200])).toEqual([196, 198, 200, 202, 204]);
    // Whole coins: never a step of 2.5.
    expect(priceTicks([150, 152])).toEqual([145, 150, 155, 160]);
  });
});
