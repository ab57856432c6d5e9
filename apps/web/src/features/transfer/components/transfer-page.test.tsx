import { defaultConfiguration, defaultTransferFilter, type TransferFilter } from '@tradedesk/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, holdableFetch, renderWithProviders } from '../../../test/render';
import { userAnswer } from '../../../test/user-answer';
import { useAuthStore } from '../../../stores/auth-store';
import { useTransferStore } from '../../../stores/transfer-store';
import { StatisticsCards } from './statistics-cards';
import { TransferFilterEditor } from './transfer-filter-editor';
import { TransferPage } from './transfer-page';
import { useTransferFilters } from '../api/get-transfer-filters';
import { TransferConfigSection } from '../../../common/configuration';
import type * as WebHubSocketModule from '../../../lib/web-hub-socket';

/** A hub that never answers: the page stays Disconnected and sends nothing. */
const silentSocket = vi.hoisted(() => ({
  connected: false,
  active: false,
  io: { on: () => undefined, off: () => undefined },
  on() {
    return this;
  },
  off() {
    return this;
  },
  emit: () => undefined,
  connect: () => undefined,
  disconnect: () => undefined,
  removeAllListeners: () => undefined,
}));
vi.mock('../../../lib/web-hub-socket', async (importOriginal) => ({
  ...(await importOriginal<typeof WebHubSocketModule>()),
  connectWebHub: () => silentSocket,
}));

const stored: TransferFilter = {
  ...defaultTransferFilter('Ronaldo 100K'),
  id: 'tf-1',
  player: {
    ...defaultTransferFilter().player,
    id: 20_801,
    name: 'Cristiano Ronaldo',
    value: 100_000,
    rarity: 'rare',
    quality: 'gold',
  },
};

const record = {
  id: 20_801,
  name: 'Cristiano Ronaldo',
  rating: 86,
  minPrice: 700,
  maxPrice: 200_000,
  pc: { current: 9_400 },
  ps: { current: 9_800 },
};

function answers(extra: Record<string, { status: number; body?: unknown }> = {}) {
  const fake = fakeFetch({
    'GET /api/player-data': { status: 200, body: { data: record } },
    'POST /api/filter': { status: 200, body: { data: { ...stored, id: 'tf-2', label: 'Second' } } },
    'GET /api/filter': { status: 200, body: { data: [stored] } },
    ...extra,
  });
  vi.stubGlobal('fetch', fake.fetchStub);
  return fake;
}

/** The page's answers for a transfer-tier user with no accounts and the given credits. */
function answersForUserWithCredits(credits: number) {
  return answers({
    'GET /api/user': userAnswer({ credits }),
    'GET /api/account': { status: 200, body: { data: [] } },
    'GET /api/configuration': { status: 200, body: { data: defaultConfiguration() } },
  });
}

const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

/** Fills a new filter's card: rare, Cristiano Ronaldo (20801) at 20,000. */
async function fillCard(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.type(screen.getByLabelText('Label'), label);
  await user.selectOptions(screen.getByLabelText('Rarity'), 'rare');
  await user.type(screen.getByLabelText('ID'), '20801');
  await user.type(screen.getByLabelText('Name'), 'Cristiano Ronaldo');
  await user.type(screen.getByLabelText('Buy Now Price'), '20000');
  await user.tab();
}

describe('transfer page', () => {
  beforeEach(() => {
    useTransferStore.setState({ filterId: null, sessionTotal: 0, isNumberFormatEnabled: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuthStore.setState({ token: null });
  });

  it('computes the tax and what the buyer receives, and shows the PC and console prices', async () => {
    answers();
    useTransferStore.setState({ filterId: 'tf-1' });
    renderWithProviders(
      <TransferFilterEditor filters={[stored]} onProceed={() => undefined} isRunning={false} />,
    );
    expect(screen.getByLabelText('Tax').textContent).toContain('5,000');
    expect(screen.getByLabelText('Buyer Receives').textContent).toContain('95,000');
    const card = await screen.findByLabelText('Player card');
    expect(card.textContent).toContain('Cristiano Ronaldo (86)');
    expect(card.textContent).toContain('PC 9,400');
    expect(card.textContent).toContain('Console 9,800');
    // Unchanged: Save and Reset wait for an edit, Proceed is ready.
    expect(button('Save').disabled).toBe(true);
    expect(button('Reset').disabled).toBe(true);
    expect(button('Proceed').disabled).toBe(false);
  });

  it('disables Proceed until rarity, id, name and value are set, and with auto-list until both prices are', async () => {
    answers();
    const user = userEvent.setup();
    const onProceed = vi.fn();
    renderWithProviders(<TransferFilterEditor filters={[]} onProceed={onProceed} isRunning={false} />);
    expect(button('Proceed').disabled).toBe(true);
    await user.selectOptions(screen.getByLabelText('Rarity'), 'rare');
    await user.type(screen.getByLabelText('ID'), '20801');
    await user.type(screen.getByLabelText('Name'), 'Cristiano Ronaldo');
    const buyNow = screen.getByLabelText('Buy Now Price');
    await user.clear(buyNow);
    await user.type(buyNow, '50000');
    await user.tab();
    expect(button('Proceed').disabled).toBe(false);
    expect(button('Save').disabled).toBe(false);

    await user.click(screen.getByLabelText('Enable Auto List (Buyer)'));
    expect(button('Proceed').disabled).toBe(true);
    const bid = screen.getByLabelText('Bid Price');
    await user.clear(bid);
    await user.type(bid, '10000');
    await user.tab();
    // A bid at or above Buy Now lifts Buy Now to the next game price.
    expect(input('Listing Buy Now Price').value).toBe('10250');
    const listingBuyNow = screen.getByLabelText('Listing Buy Now Price');
    await user.clear(listingBuyNow);
    await user.type(listingBuyNow, '9000');
    await user.tab();
    // A Buy Now at or below the bid lowers the bid to the preceding game price.
    expect(input('Bid Price').value).toBe('8900');
    expect(button('Proceed').disabled).toBe(false);

    // Auto buy-back and auto-list exclude each other.
    await user.click(screen.getByLabelText('Enable Auto Buy Back'));
    expect(input('Enable Auto List (Buyer)').checked).toBe(false);
    expect(screen.getByLabelText('Buy Back Duration')).toBeTruthy();
  });

  it('rejects a label that exists already and saves nothing', async () => {
    const fake = answers();
    const user = userEvent.setup();
    renderWithProviders(
      <TransferFilterEditor filters={[stored]} onProceed={() => undefined} isRunning={false} />,
    );
    await fillCard(user, 'ronaldo 100k');
    await user.click(button('Save'));
    expect(await screen.findByText('Filter with the same label already exists')).toBeTruthy();
    expect(fake.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("refuses a Buy Now below the card's range, naming the player, rating and minimum", async () => {
    const fake = answers();
    const user = userEvent.setup();
    renderWithProviders(
      <TransferFilterEditor filters={[stored]} onProceed={() => undefined} isRunning={false} />,
    );
    await user.type(screen.getByLabelText('Label'), 'Too cheap');
    await user.selectOptions(screen.getByLabelText('Rarity'), 'rare');
    await user.type(screen.getByLabelText('ID'), '20801');
    await user.type(screen.getByLabelText('Name'), 'Cristiano Ronaldo');
    await user.type(screen.getByLabelText('Buy Now Price'), '200');
    await user.tab();
    await screen.findByLabelText('Player card');
    await user.click(button('Save'));
    expect(
      await screen.findByText('Buy now price for Cristiano Ronaldo (86) must be at least 700'),
    ).toBeTruthy();
    expect(fake.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('says when a card has no recent price, so its Buy Now cannot be checked against the range', async () => {
    answers({
      'GET /api/player-data': { status: 200, body: { data: { ...record, minPrice: null, maxPrice: null } } },
    });
    const user = userEvent.setup();
    renderWithProviders(<TransferFilterEditor filters={[]} onProceed={() => undefined} isRunning={false} />);
    await fillCard(user, 'Unpriced');
    expect((await screen.findByLabelText('Player card')).textContent).toContain('Cristiano Ronaldo (86)');
    expect(
      screen.getByText(
        "No recent price for Cristiano Ronaldo: the Buy Now price cannot be checked against the game's price range. Check it before you proceed.",
      ),
    ).toBeTruthy();
  });

  it('saves a new filter and focuses it', async () => {
    const fake = answers();
    const user = userEvent.setup();
    renderWithProviders(
      <TransferFilterEditor filters={[stored]} onProceed={() => undefined} isRunning={false} />,
    );
    await fillCard(user, 'Second');
    await user.click(button('Save'));
    expect(await screen.findByText('Updated filters')).toBeTruthy();
    const posted = fake.calls.find((call) => call.method === 'POST');
    expect(posted?.body).toMatchObject({
      type: 'transfer',
      label: 'Second',
      player: { id: 20_801, value: 20_000 },
    });
    expect(useTransferStore.getState().filterId).toBe('tf-2');
  });

  it('proceeds with the saved filter: Proceed waits while Save refreshes the list, then carries its id', async () => {
    const saved = { ...stored, id: 'tf-2', label: 'Second' };
    const listAnswer: { status: number; body: { data: TransferFilter[] } } = {
      status: 200,
      body: { data: [] },
    };
    const list = holdableFetch(
      answers({ 'POST /api/filter': { status: 200, body: { data: saved } }, 'GET /api/filter': listAnswer })
        .fetchStub,
      'GET /api/filter',
    );
    vi.stubGlobal('fetch', list.fetchStub);
    const onProceed = vi.fn();
    function EditorOverTheList() {
      const filters = useTransferFilters();
      return <TransferFilterEditor filters={filters.data ?? []} onProceed={onProceed} isRunning={false} />;
    }
    const user = userEvent.setup();
    renderWithProviders(<EditorOverTheList />);
    await fillCard(user, 'Second');
    // The read after Save is held until the test releases it; it then answers with the saved filter.
    listAnswer.body = { data: [saved] };
    list.hold();
    await user.click(button('Save'));
    await waitFor(() => expect(list.waiting()).toBe(1));
    // The list is still loading: the saved filter is not on the page yet, so neither is its toast.
    expect(button('Proceed').disabled).toBe(true);
    expect(screen.queryByText('Updated filters')).toBeNull();

    list.release();
    expect(await screen.findByText('Updated filters')).toBeTruthy();
    await user.click(button('Proceed'));
    expect(onProceed).toHaveBeenCalledWith(expect.objectContaining({ id: 'tf-2', label: 'Second' }));
    expect(screen.queryByText('No filter selected')).toBeNull();
  });

  it('waits with Proceed while the transfer settings it sends are saved', async () => {
    const saving = holdableFetch(
      answers({
        'PUT /api/configuration/transfer': {
          status: 200,
          body: {
            data: { ...defaultConfiguration(), transfer: { ...defaultConfiguration().transfer, retries: 7 } },
          },
        },
      }).fetchStub,
      'PUT /api/configuration/transfer',
    );
    vi.stubGlobal('fetch', saving.fetchStub);
    useTransferStore.setState({ filterId: 'tf-1' });
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <TransferFilterEditor filters={[stored]} onProceed={() => undefined} isRunning={false} />
        <TransferConfigSection stored={defaultConfiguration().transfer} />
      </>,
    );
    expect(button('Proceed').disabled).toBe(false);
    const settings = within(screen.getByRole('form', { name: 'Transfer Configuration' }));
    await user.clear(settings.getByLabelText('Retries'));
    await user.type(settings.getByLabelText('Retries'), '7');
    saving.hold();
    await user.click(settings.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saving.waiting()).toBe(1));
    // A Proceed now would send the settings as they were before the save.
    expect(button('Proceed').disabled).toBe(true);

    saving.release();
    expect(await screen.findByText('Updated transfer config')).toBeTruthy();
    await waitFor(() => expect(button('Proceed').disabled).toBe(false));
  });

  it('shows no success rate before the first transfer has finished, not 0.00%', async () => {
    answers({
      'GET /api/statistic/transfer': {
        status: 200,
        body: { data: { totalAmount: 0, successRate: 0, updatedAt: null, weeklyAmounts: [] } },
      },
    });
    renderWithProviders(<StatisticsCards />);
    const rate = screen.getByRole('region', { name: 'Success Rates' });
    expect(
      await within(screen.getByRole('region', { name: 'Coins Transferred' })).findByText('0'),
    ).toBeTruthy();
    expect(within(rate).getByText('—')).toBeTruthy();
    expect(rate.textContent).not.toContain('%');
  });

  it('resets the current session', async () => {
    answers({
      'GET /api/statistic/transfer': {
        status: 200,
        body: {
          data: {
            totalAmount: 250_000,
            successRate: 0.5,
            updatedAt: '2026-11-29T12:00:00.000Z',
            weeklyAmounts: [],
          },
        },
      },
    });
    useTransferStore.setState({ sessionTotal: 95_000 });
    const user = userEvent.setup();
    renderWithProviders(<StatisticsCards />);
    expect(await screen.findByText('250,000')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Success Rates' })).getByText('50.00%')).toBeTruthy();
    const session = screen.getByRole('region', { name: 'Current Session' });
    expect(session.textContent).toContain('95,000');
    await user.click(within(session).getByRole('button', { name: 'Reset Session' }));
    expect(await screen.findByText('Session has been reset')).toBeTruthy();
    expect(session.textContent).toContain('0');
  });

  it('asks for credits instead of showing the editor when the user has none', async () => {
    answersForUserWithCredits(0);
    useAuthStore.setState({ token: 'licence-token' });
    renderWithProviders(<TransferPage />);
    expect(await screen.findByRole('heading', { name: 'Filters (0 credits)' })).toBeTruthy();
    expect(screen.getByText('You do not have sufficient credits')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Purchase Credits' }).getAttribute('href')).toBe('/subscription');
    expect(screen.getByRole('heading', { name: 'Transfer between accounts' })).toBeTruthy();
    expect(screen.getByText('Disconnected')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Proceed' })).toBeNull();
  });

  it('asks for a seller before a live price or a latency check', async () => {
    answersForUserWithCredits(2);
    useTransferStore.setState({ sellerId: null, buyerId: null });
    const user = userEvent.setup();
    useAuthStore.setState({ token: 'licence-token' });
    renderWithProviders(<TransferPage />);
    expect(await screen.findByRole('heading', { name: 'Filters (2 credits)' })).toBeTruthy();
    // The seller dropdown's empty option says it too; each refusal adds a toast.
    const shown = () => screen.queryAllByText('Select seller account').length;
    const before = shown();
    await user.click(button('Fetch Live Price'));
    await waitFor(() => expect(shown()).toBe(before + 1));
    await user.click(button('Check latency'));
    await waitFor(() => expect(shown()).toBe(before + 2));
  });
});
