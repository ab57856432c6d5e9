import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { PlayersPage, refreshSummary } from './players-page';

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
    expect(within(card).getByRole('link', { name: 'FUTWIZ' }).getAttribute('href')).toBe(
      'https://www.futwiz.com/en/fc25/player/pele/237067',
    );
    expect(within(card).getByRole('link', { name: 'FUT.GG' }).getAttribute('href')).toBe(
      'https://www.fut.gg/players/237067-pele/',
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

  it('shows the Objective and Extinct badges, and a dash for a price nobody has seen', async () => {
    renderPage('/players', [{ ...pele, isSBC: false, isObjective: true, isExtinct: true, pc: price(null) }]);
    const card = await screen.findByRole('article', { name: 'Pelé 95' });
    const badges = within(within(card).getByRole('list', { name: 'Badges' })).getAllByRole('listitem');
    expect(badges.map((badge) => badge.textContent)).toEqual(['Objective', 'Extinct']);
    expect(within(card).getAllByRole('definition')[0]?.textContent).toBe('—');
  });

  it('marks a stale price where a phone shows it, not only in a hover title', async () => {
    renderPage('/players', [{ ...pele, ps: { ...price(5_950_000), isStale: true } }]);
    const card = await screen.findByRole('article', { name: 'Pelé 95' });
    const [pcPrice, psPrice] = within(card).getAllByRole('definition');
    expect(pcPrice?.textContent).toBe('6.2M');
    expect(psPrice?.textContent).toBe('6M stale');
  });

  it('asks for the prices again on Refresh prices and says what it found', async () => {
    const { calls } = renderPage('/players?rarity=icon', [pele]);
    await screen.findByRole('article', { name: 'Pelé 95' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh prices' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.url).toBe(calls[0]?.url);
    expect(await screen.findByText('Prices are up to date (1 player checked)')).toBeTruthy();
  });

  it('counts the players whose price changed on a refresh', () => {
    const page = (players: unknown[]) => ({ players, page: 1, pageSize: 15, hasNextPage: false }) as never;
    const cheaper = { ...pele, ps: price(5_000_000) };
    expect(refreshSummary(page([pele, { ...pele, id: 1 }]), page([cheaper, { ...pele, id: 1 }]))).toBe(
      'Prices refreshed: 1 of 2 players changed',
    );
  });

  it('filters by position: the choice goes into the address', async () => {
    const { router } = renderPage('/players', [pele]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Filters' }));
    const dialog = screen.getByRole('dialog', { name: 'Filters' });
    await user.selectOptions(within(dialog).getByLabelText('Position'), 'ST');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(router.state.location.search).toBe('?position=ST');
    await screen.findByRole('button', { name: 'Filters (1)' });
  });

  it('says that the rating filter matches the rating exactly', async () => {
    const { router } = renderPage('/players', [pele]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Filters' }));
    const dialog = screen.getByRole('dialog', { name: 'Filters' });
    await user.type(within(dialog).getByLabelText('Rating (exact)'), '95');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(router.state.location.search).toBe('?rating=95');
  });

  it('refuses a price above the game maximum instead of dropping it from the address', async () => {
    const { router } = renderPage('/players', [pele]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Filters' }));
    const dialog = screen.getByRole('dialog', { name: 'Filters' });
    await user.type(within(dialog).getByLabelText('Max price'), '20000000');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Max price must be at most 15,000,000');
    expect(router.state.location.search).toBe('');

    await user.clear(within(dialog).getByLabelText('Max price'));
    await user.type(within(dialog).getByLabelText('Max price'), '15000000');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(router.state.location.search).toBe('?maxPrice=15000000');
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeTruthy();
  });

  it('says what it is loading while the first page is on its way', async () => {
    vi.stubGlobal('fetch', () => new Promise<Response>(() => {}));
    renderWithProviders(<PlayersPage />, { path: '/players' });
    expect((await screen.findByRole('status')).textContent).toBe('Loading players…');
  });
});
