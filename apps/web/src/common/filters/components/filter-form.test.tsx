import { defaultNormalFilter, defaultRarityFilter } from '@tradedesk/domain';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RunningAccountsProvider } from '../../../components/ui/update-confirmation';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import type { SnipePanelFilter } from '../api/get-filters';
import { FilterForm } from './filter-form';
import type { SearchFilter } from './filter-form-values';

const input = (name: string) => screen.getByLabelText(name, { exact: true }) as HTMLInputElement;
const select = (name: string) => screen.getByLabelText(name, { exact: true }) as HTMLSelectElement;
const inForm = (text: string) =>
  screen.getAllByText(text).find((element) => element.getAttribute('role') === 'alert');

function renderForm(filter: SearchFilter, filters: SnipePanelFilter[] = [filter], onSaved = vi.fn()) {
  renderWithProviders(<FilterForm filter={filter} filters={filters} onSaved={onSaved} />);
  return { onSaved, user: userEvent.setup() };
}

/** A stored filter whose save succeeds, in a form while busy@example.com runs the filter f-run. */
function renderStoredBesideRun(label: string, id: string) {
  const stored = { ...defaultNormalFilter(label), id, maxPrice: 5000 };
  const { fetchStub, calls } = fakeFetch({
    'POST /api/filter': {
      status: 200,
      body: { data: { ...stored, updatedAt: '2026-11-22T03:00:00.000Z' } },
    },
  });
  vi.stubGlobal('fetch', fetchStub);
  renderWithProviders(
    <RunningAccountsProvider running={[{ email: 'busy@example.com', filterIds: ['f-run'] }]}>
      <FilterForm filter={stored} filters={[stored]} onSaved={vi.fn()} />
    </RunningAccountsProvider>,
  );
  return calls;
}

describe('normal filter form', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the shared rules under their fields and the first one as a toast', async () => {
    const { fetchStub, calls } = fakeFetch({});
    vi.stubGlobal('fetch', fetchStub);
    const { user } = renderForm(defaultNormalFilter());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(inForm('Label is required')).toBeTruthy());
    expect(inForm('Max price must be greater than min price')).toBeTruthy();
    // The toast repeats the first issue.
    expect(screen.getAllByText('Label is required')).toHaveLength(2);

    await user.selectOptions(select('Action'), 'List on transfer list');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(inForm('Buy price must be greater than start price')).toBeTruthy());

    await user.selectOptions(select('Action'), 'List at a price-site price');
    expect(screen.queryByLabelText('Max Buy Now Price', { exact: true })).toBeNull();
    expect(screen.getByLabelText('Min Profits', { exact: true })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(inForm('Listing at futbin price requires the filter to have a player name')).toBeTruthy(),
    );
    expect(
      inForm('For percentage, value must be between 0 and 100. For fixed, value must be greater than 0.'),
    ).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('keeps the club on Any until a league is chosen, and resets it with the league', async () => {
    const { user } = renderForm(defaultNormalFilter('Leagues'));
    expect(select('Club').disabled).toBe(true);
    await user.selectOptions(select('League'), 'Premier League');
    expect(select('Club').disabled).toBe(false);
    const clubs = Array.from(select('Club').options).map((option) => option.text);
    expect(clubs[0]).toBe('Any');
    expect(clubs.length).toBeGreaterThan(10);
    await user.selectOptions(select('Club'), clubs[1]!);
    await user.selectOptions(select('League'), 'Any');
    expect(select('Club').disabled).toBe(true);
    expect(select('Club').value).toBe('-1');
  });

  it('snaps typed prices to the ladder and steps with the arrow keys and buttons', async () => {
    const { user } = renderForm(defaultNormalFilter('Prices'));
    const maxPrice = input('Max Buy Now Price');
    await user.clear(maxPrice);
    await user.type(maxPrice, '10030');
    await user.tab();
    expect(maxPrice.value).toBe('10000');
    await user.click(maxPrice);
    await user.keyboard('{ArrowUp}');
    expect(maxPrice.value).toBe('10250');
    await user.click(screen.getByRole('button', { name: 'Lower Max Buy Now Price' }));
    await user.click(screen.getByRole('button', { name: 'Lower Max Buy Now Price' }));
    expect(maxPrice.value).toBe('9900');
  });

  it('raises Buy Now above the start price when listing on the transfer list', async () => {
    const { user } = renderForm(defaultNormalFilter('Listing'));
    await user.selectOptions(select('Action'), 'List on transfer list');
    await user.type(input('Start Price'), '1000');
    await user.tab();
    expect(input('Buy Now Price').value).toBe('1100');
  });

  it('saves a valid filter and refuses a label another filter has', async () => {
    const stored = { ...defaultNormalFilter('Cheap Rares'), id: 'f-1', maxPrice: 5000 };
    const { fetchStub, calls } = fakeFetch({
      'POST /api/filter': {
        status: 200,
        body: { data: { ...stored, updatedAt: '2026-11-22T03:00:00.000Z' } },
      },
    });
    vi.stubGlobal('fetch', fetchStub);
    const existing: SnipePanelFilter = { ...defaultNormalFilter('Taken'), id: 'f-0', maxPrice: 1000 };
    const draft = defaultNormalFilter();
    const { user, onSaved } = renderForm(draft, [existing, draft]);

    await user.type(input('Label'), 'taken');
    await user.clear(input('Max Buy Now Price'));
    await user.type(input('Max Buy Now Price'), '5000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(inForm('Filter with the same label already exists')).toBeTruthy());
    expect(calls).toHaveLength(0);

    await user.clear(input('Label'));
    await user.type(input('Label'), 'Cheap Rares');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Updated filters')).toBeTruthy();
    expect(calls[0]?.body).toMatchObject({ type: 'normal', label: 'Cheap Rares', maxPrice: 5000 });
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 'f-1' }), null);
  });

  it('asks before saving a filter a running account uses; Cancel saves nothing', async () => {
    const calls = renderStoredBesideRun('Running', 'f-run');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const question = await screen.findByRole('dialog', { name: 'Update a running filter?' });
    expect(question.textContent).toContain('busy@example.com is sniping with Running.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Save anyway' }));
    expect(await screen.findByText('Updated filters')).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it('saves a filter no run uses without asking', async () => {
    const calls = renderStoredBesideRun('Idle', 'f-idle');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Updated filters')).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks for a rarity before suggesting names, and says when none match', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { fetchStub, calls } = fakeFetch({ 'GET /api/player-data': { status: 200, body: { data: [] } } });
    vi.stubGlobal('fetch', fetchStub);
    renderForm(defaultNormalFilter('Names'));
    expect(screen.queryByText('Please select a rarity')).toBeNull();
    // A name with rarity Any is told at once (and no names are asked for).
    fireEvent.change(input('Name'), { target: { value: 'Mbappe' } });
    expect(screen.getByText('Please select a rarity')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(750));
    expect(screen.getByText('Please select a rarity')).toBeTruthy();
    expect(calls).toHaveLength(0);

    fireEvent.change(select('Rarity'), { target: { value: 'icon' } });
    await act(() => vi.advanceTimersByTimeAsync(750));
    // The debounce has fired; the answer arrives on the real event loop.
    vi.useRealTimers();
    await waitFor(() => expect(screen.getByText('No suggestions available for Mbappe')).toBeTruthy());
    expect(calls[0]?.url).toBe('/api/player-data?name=Mbappe&rarity=icon&numOfResults=5');
  });

  it("marks the name when the server does not know the player: 'Player not found in futbin'", async () => {
    const { fetchStub, calls } = fakeFetch({
      'POST /api/filter': {
        status: 400,
        body: { message: 'Player not found in futbin', code: 'player_not_found' },
      },
    });
    vi.stubGlobal('fetch', fetchStub);
    const { user, onSaved } = renderForm({ ...defaultNormalFilter('Named'), maxPrice: 5000 });
    await user.selectOptions(select('Rarity'), 'Rare');
    await user.type(input('Name'), 'Nobody Known');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(inForm('Player not found in futbin')).toBeTruthy());
    expect(screen.getAllByText('Player not found in futbin')).toHaveLength(2);
    // The name's suggestions are asked for too once typing pauses (a slow machine pauses mid-name).
    const saved = calls.find((call) => call.method === 'POST' && call.url === '/api/filter');
    expect(saved?.body).toMatchObject({ name: 'Nobody Known', rarity: 'rare' });
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe('59th Minute filter form', () => {
  it('has no name, always shows max price and min profits, lists only on the transfer list, and says Update', () => {
    renderForm(defaultRarityFilter());
    expect(screen.queryByLabelText('Name', { exact: true })).toBeNull();
    expect(input('Max Buy Now Price')).toBeTruthy();
    expect(screen.getByLabelText('Min Profits', { exact: true })).toBeTruthy();
    expect(Array.from(select('Action').options).map((option) => option.text)).toEqual([
      'List on transfer list',
    ]);
    expect(screen.getByRole('button', { name: 'Update' })).toBeTruthy();
    expect(input('Label').value).toBe('59th Minute');
  });

  it('asks no start or Buy Now price (each card lists at its own price) and saves with a max price alone', async () => {
    const stored = { ...defaultRarityFilter(), id: 'r-1', maxPrice: 20_000 };
    const { fetchStub, calls } = fakeFetch({
      'POST /api/filter': {
        status: 200,
        body: { data: { ...stored, updatedAt: '2026-11-22T03:00:00.000Z' } },
      },
    });
    vi.stubGlobal('fetch', fetchStub);
    const { user } = renderForm(defaultRarityFilter());
    expect(screen.queryByLabelText('Start Price', { exact: true })).toBeNull();
    expect(screen.queryByLabelText('Buy Now Price', { exact: true })).toBeNull();
    expect(screen.getByText('Each card is listed at its own price-database price.')).toBeTruthy();

    await user.clear(input('Max Buy Now Price'));
    await user.type(input('Max Buy Now Price'), '20000');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Updated filters')).toBeTruthy();
    expect(calls[0]?.body).toMatchObject({ type: 'rarity', maxPrice: 20_000 });
  });
});
