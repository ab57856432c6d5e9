import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { PlayersPage } from './players-page';

const price = (current: number | null) => ({ current, source: current ? 'futbin' : null, isStale: false });
const site = (id: number) => ({ id, urlName: 'pele' });
const pele = {
  id: 237067,
  name: 'Pelé',
  rating: 95,
  rarity: 'icon',
  position: 'CAM',
  pc: price(6_200_000),
  ps: price(5_950_000),
  isSBC: true,
  isObjective: false,
  isExtinct: false,
  futbin: site(237067),
  futwiz: site(237067),
  futgg: site(237067),
};

function renderPage(path: string, players: unknown[], hasNextPage = false) {
  const { fetchStub, calls } = fakeFetch({
    'GET /api/player-data/players': {
      status: 200,
      body: { data: { players, page: 1, pageSize: 15, hasNextPage } },
    },
  });
  vi.stubGlobal('fetch', fetchStub);
  return { ...renderWithProviders(<PlayersPage />, { path }), calls };
}

afterEach(() => vi.unstubAllGlobals());

describe('PlayersPage', () => {
  it('shows each player with badges, compact PC and PS prices and the price-site links', async () => {
    renderPage('/players', [pele]);
    const card = await screen.findByRole('article', { name: 'Pelé 95' });
    expect(within(card).getByText('SBC')).toBeTruthy();
    expect(within(card).getByText('6.2M')).toBeTruthy();
    expect(within(card).getByText('6M')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'FUTBIN' }).getAttribute('href')).toBe(
      'https://www.futbin.com/25/player/237067/pele',
    );
    expect(screen.getByText('Page 1')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends the query-string filters and says when nothing matches', async () => {
    const { calls } = renderPage(
      '/players?name=zz&rating=90&rarity=icon&minPrice=100&maxPrice=900&page=2',
      [],
    );
    expect(await screen.findByText('No players found')).toBeTruthy();
    expect(screen.getByText('Try another name, or clear the search and filters.')).toBeTruthy();
    expect(calls[0]?.url).toBe(
      '/api/player-data/players?name=zz&rating=90&rarity=icon&minPrice=100&maxPrice=900&page=2',
    );
    expect(screen.getByText('Page 2')).toBeTruthy();
    expect(
      (screen.getByRole('searchbox', { name: 'Search players by name' }) as HTMLInputElement).value,
    ).toBe('zz');
  });

  it('searching and resetting rewrite the query string', async () => {
    const { router } = renderPage('/players?rarity=icon', [pele], true);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('searchbox', { name: 'Search players by name' }), 'pele');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.search).toBe('?name=pele&rarity=icon');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(router.state.location.search).toBe('?name=pele&rarity=icon&page=2');
    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    expect(router.state.location.search).toBe('');
    // Nothing left to clear: the button says so by being disabled.
    expect(
      (screen.getByRole('button', { name: 'Clear search and filters' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('says what it is loading while the first page is on its way', async () => {
    vi.stubGlobal('fetch', () => new Promise<Response>(() => {}));
    renderWithProviders(<PlayersPage />, { path: '/players' });
    expect((await screen.findByRole('status')).textContent).toBe('Loading players…');
  });
});
