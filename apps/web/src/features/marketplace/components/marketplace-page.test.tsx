import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store';
import { fakeFetch, holdableFetch, renderWithProviders } from '../../../test/render';
import { userAnswer } from '../../../test/user-answer';
import { MarketplacePage } from './marketplace-page';

vi.mock('../api/use-market-live', () => ({ useMarketLive: () => undefined }));

const account = (id: string, username: string, coins: number) => ({
  id,
  email: `${id}@example.com`,
  username,
  coins,
  platform: 'pc',
  status: 'inactive',
  description: '',
  isManualLogin: false,
  imageUrl: '',
  profits: 0,
  session: { requests: 0, searches: 0 },
  createdAt: '2026-01-01T00:00:00.000Z',
});

const listing = (id: string, isOwn: boolean, accountIds: string[] = []) => ({
  id,
  platform: 'pc',
  coins: 285_000,
  averageCoinsPerAccount: 142_500,
  price: 2.5,
  createdAt: '2026-01-10T00:00:00.000Z',
  accountIds,
  isOwn,
  isOpen: true,
  closedReason: '',
});

/** Opens the purchase form of the first listing. */
async function openPurchase() {
  const table = await screen.findByRole('table');
  const row = within(table).getAllByRole('row')[1] as HTMLElement;
  await userEvent.click(within(row).getByRole('button', { name: 'Purchase' }));
  return screen.getByRole('dialog', { name: 'Purchase Listing' });
}

/** Types a name in the delivery player field and picks the suggestion (after the search's debounce). */
async function choosePlayer(dialog: HTMLElement, typed: string, suggested: string) {
  await userEvent.type(within(dialog).getByLabelText('Player'), typed);
  const suggestions = await within(dialog).findByRole(
    'list',
    { name: 'Player suggestions' },
    { timeout: 3000 },
  );
  await userEvent.click(within(suggestions).getByRole('button', { name: new RegExp(suggested) }));
}

/** The page over the given data; `record` can be changed as the server's data changes. */
function renderPage(answers: { accounts?: unknown[]; listings?: unknown[]; own?: unknown[] }) {
  const record: Record<string, { status: number; body?: unknown }> = {
    'GET /api/user': userAnswer({
      credits: 7,
      providers: { discordId: '123456789012345678', discordWebhookUrl: '' },
      createdAt: '2026-01-01T00:00:00.000Z',
      expiresAt: '2026-06-01T00:00:00.000Z',
    }),
    'GET /api/account': { status: 200, body: { data: answers.accounts ?? [] } },
    'GET /api/market/coins': { status: 200, body: { data: answers.listings ?? [] } },
    'GET /api/market/coins/tok': { status: 200, body: { data: answers.own ?? [] } },
    'GET /api/market/orders': { status: 200, body: { data: [] } },
    'GET /api/market/balance': { status: 200, body: { data: { payoutCents: 445, refundedCents: 0 } } },
    'GET /api/player-data': {
      status: 200,
      body: { data: [{ id: 231747, name: 'Kylian Mbappé', rating: 91 }] },
    },
  };
  const { fetchStub, calls } = fakeFetch(record);
  const ownRead = holdableFetch(fetchStub, 'GET /api/market/coins/tok');
  vi.stubGlobal('fetch', ownRead.fetchStub);
  return { ...renderWithProviders(<MarketplacePage />, { path: '/marketplace' }), calls, record, ownRead };
}

beforeEach(() =>
  useAuthStore.getState().signIn({ username: 'demo', token: 'tok', isRemembered: false, fingerprint: 'fp' }),
);
afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.getState().clearSession();
});

describe('MarketplacePage', () => {
  it('shows the profile and overview, the empty state, and disables creating without accounts', async () => {
    renderPage({});
    expect(await screen.findByText('No coin listings available')).toBeTruthy();
    const profile = screen.getByRole('region', { name: 'Profile' });
    expect(within(profile).getByLabelText('Token').textContent).toBe('tok');
    expect((await within(profile).findByLabelText('Chat-service id')).textContent).toBe('123456789012345678');
    expect(within(profile).getByLabelText('Credits').textContent).toBe('7');
    const overview = screen.getByRole('region', { name: 'Overview' });
    expect(within(overview).getByLabelText('Total accounts').textContent).toBe('0');
    expect((await within(overview).findByLabelText('Payout balance')).textContent).toBe('€4.45');
    expect((screen.getByRole('button', { name: 'Create Listing' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('sits in the layout’s main region instead of opening a second one', async () => {
    renderPage({});
    expect(await screen.findByText('No coin listings available')).toBeTruthy();
    expect(screen.queryByRole('main')).toBeNull();
  });

  it('offers only accounts in no listing and not already chosen; platform defaults to PC', async () => {
    renderPage({
      accounts: [
        account('a1', 'Alpha', 100_000),
        account('a2', 'Beta', 50_000),
        account('a3', 'Gamma', 10),
        // Linked, never signed in: its 0 is no balance.
        { ...account('a4', 'Delta', 0), isCoinBalanceKnown: false },
      ],
      listings: [listing('l1', true, ['a1'])],
      own: [listing('l1', true, ['a1'])],
    });
    const overview = screen.getByRole('region', { name: 'Overview' });
    expect((await within(overview).findByText('150,010')).textContent).toBe('150,010');
    await userEvent.click(screen.getByRole('button', { name: 'Create Listing' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Listing' });
    expect((within(dialog).getByLabelText('Platform') as HTMLSelectElement).value).toBe('pc');
    const picker = within(dialog).getByLabelText('Add account') as HTMLSelectElement;
    const offered = () => [...picker.options].slice(1).map((option) => option.textContent);
    expect(offered()).toEqual(['Beta (50,000 coins)', 'Gamma (10 coins)', 'Delta (coins not read yet)']);
    await userEvent.selectOptions(picker, 'a2');
    expect(offered()).toEqual(['Gamma (10 coins)', 'Delta (coins not read yet)']);
    expect(within(dialog).getByRole('list', { name: 'Chosen accounts' }).textContent).toContain('Beta');
  });

  it('lists the listings; Purchase waits for the coins and the buyer account', async () => {
    renderPage({ accounts: [account('b1', 'Buyer', 0)], listings: [listing('l2', false)] });
    const table = await screen.findByRole('table');
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(row.textContent).toContain('PC');
    expect(row.textContent).toContain('285,000');
    expect(row.textContent).toContain('142,500');
    expect(row.textContent).toContain('€2.50');
    await userEvent.click(within(row).getByRole('button', { name: 'Purchase' }));
    const dialog = screen.getByRole('dialog', { name: 'Purchase Listing' });
    const submit = within(dialog).getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await userEvent.type(within(dialog).getByLabelText('Coins'), '200000');
    expect(submit.disabled).toBe(true);
    await userEvent.selectOptions(within(dialog).getByLabelText('Buyer account'), 'b1');
    expect(submit.disabled).toBe(true);
    await choosePlayer(dialog, 'Mbappe', 'Kylian Mbappé');
    expect(submit.disabled).toBe(false);
  });

  it('sends the definition id of the player chosen by name as the delivery card', async () => {
    const { calls, record } = renderPage({
      accounts: [account('b1', 'Buyer', 0)],
      listings: [listing('l2', false)],
    });
    record['POST /api/market/coins/l2'] = {
      status: 200,
      body: { data: { url: '/marketplace', orderId: 'o1' } },
    };
    const dialog = await openPurchase();
    await userEvent.type(within(dialog).getByLabelText('Coins'), '200000');
    await userEvent.selectOptions(within(dialog).getByLabelText('Buyer account'), 'b1');
    // Rare or special only: the server refuses a common delivery card.
    const rarities = [...(within(dialog).getByLabelText('Rarity') as HTMLSelectElement).options];
    expect(rarities.map((option) => option.value)).not.toContain('any');
    await userEvent.selectOptions(within(dialog).getByLabelText('Rarity'), 'icon');
    await choosePlayer(dialog, 'Mbappe', 'Kylian Mbappé');
    expect(within(dialog).getByLabelText('Delivery card').textContent).toContain('Kylian Mbappé (91)');
    const search = calls.find((call) => call.url.startsWith('/api/player-data'));
    expect(search?.url).toBe('/api/player-data?name=Mbappe&rarity=icon&numOfResults=5');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const sent = calls.find((call) => call.method === 'POST');
    expect(sent?.url).toBe('/api/market/coins/l2');
    expect(sent?.body).toEqual({ buyerAccountId: 'b1', coins: 200_000, cardId: 231747 });
  });

  it('places one order for a double click on Submit', async () => {
    const { calls, record } = renderPage({
      accounts: [account('b1', 'Buyer', 0)],
      listings: [listing('l2', false)],
    });
    record['POST /api/market/coins/l2'] = {
      status: 200,
      body: { data: { url: '/marketplace', orderId: 'o1' } },
    };
    const dialog = await openPurchase();
    await userEvent.type(within(dialog).getByLabelText('Coins'), '200000');
    await userEvent.selectOptions(within(dialog).getByLabelText('Buyer account'), 'b1');
    await userEvent.selectOptions(within(dialog).getByLabelText('Rarity'), 'icon');
    await choosePlayer(dialog, 'Mbappe', 'Kylian Mbappé');
    // A browser runs both clicks before the timer that tells the page the order is pending.
    const submit = within(dialog).getByRole('button', { name: 'Submit' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Purchase Listing' })).toBeNull());
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it("offers the buyer account's tradeable rare cards from its club's read, and sends the one picked", async () => {
    const { calls, record } = renderPage({
      accounts: [account('b1', 'Buyer', 0), account('b2', 'Unread', 0)],
      listings: [listing('l2', false)],
    });
    const card = (itemId: number, definitionId: number, facts: Record<string, unknown>) => ({
      itemId,
      definitionId,
      untradeable: false,
      discardValue: 100,
      name: null,
      rating: null,
      rarity: null,
      quality: null,
      ...facts,
    });
    record['GET /api/sbc/club/b1'] = {
      status: 200,
      body: {
        data: {
          accountId: 'b1',
          readAt: '2026-11-28T20:00:00.000Z',
          isReading: false,
          cards: [
            card(1, 101, { name: 'Common Keeper', rating: 70, quality: 'gold', untradeable: true }),
            card(2, 102, { name: 'Common Striker', rating: 71, quality: 'gold' }),
            card(3, 103, { name: 'Untradeable Rare', rating: 79, rarity: 'rare', untradeable: true }),
            card(4, 20801, { name: 'Ivan Toney', rating: 80, rarity: 'rare', quality: 'gold' }),
          ],
        },
      },
    };
    record['GET /api/sbc/club/b2'] = {
      status: 200,
      body: { data: { accountId: 'b2', readAt: null, isReading: false, cards: [] } },
    };
    record['POST /api/market/coins/l2'] = {
      status: 200,
      body: { data: { url: '/marketplace', orderId: 'o1' } },
    };
    const dialog = await openPurchase();
    await userEvent.type(within(dialog).getByLabelText('Coins'), '5000');
    await userEvent.selectOptions(within(dialog).getByLabelText('Buyer account'), 'b2');
    expect(await within(dialog).findByText(/Read this account’s club on the/)).toBeTruthy();

    await userEvent.selectOptions(within(dialog).getByLabelText('Buyer account'), 'b1');
    const offered = await within(dialog).findByRole('list', { name: 'Cards on this account' });
    expect(
      within(offered)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Ivan Toney (80 · Rare)']);
    await userEvent.click(within(offered).getByRole('button', { name: 'Ivan Toney (80 · Rare)' }));
    expect(within(dialog).getByLabelText('Delivery card').textContent).toBe('Ivan Toney (80) · Rare');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      buyerAccountId: 'b1',
      coins: 5_000,
      cardId: 20801,
    });
  });

  it('says what the coins typed cost at the listing’s price before the checkout', async () => {
    renderPage({ accounts: [account('b1', 'Buyer', 0)], listings: [listing('l2', false)] });
    const dialog = await openPurchase();
    const coins = within(dialog).getByLabelText('Coins');
    // €2.50 per 100,000: 50,001 coins are €1.250025, rounded up to the cent as the checkout does.
    await userEvent.type(coins, '50001');
    expect(within(dialog).getByText('50,001 coins for €1.26')).toBeTruthy();
    await userEvent.clear(coins);
    await userEvent.type(coins, '285001');
    expect(within(dialog).queryByText(/coins for €/)).toBeNull();
  });

  it('refuses more coins than the listing can deliver, in the form, and sends nothing', async () => {
    const { calls } = renderPage({ accounts: [account('b1', 'Buyer', 0)], listings: [listing('l2', false)] });
    const dialog = await openPurchase();
    await userEvent.selectOptions(within(dialog).getByLabelText('Buyer account'), 'b1');
    await choosePlayer(dialog, 'Mbappe', 'Kylian Mbappé');
    await userEvent.type(within(dialog).getByLabelText('Coins'), '285001');
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'This listing can deliver at most 285,000 coins',
    );
    const submit = within(dialog).getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await userEvent.click(submit);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    // Exactly what the listing holds is fine.
    await userEvent.clear(within(dialog).getByLabelText('Coins'));
    await userEvent.type(within(dialog).getByLabelText('Coins'), '285000');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(submit.disabled).toBe(false);
  });

  it("says 'Listing created' once the page knows the accounts are listed, and offers them no more", async () => {
    const { record, ownRead } = renderPage({
      accounts: [account('a1', 'Alpha', 100_000), account('a2', 'Beta', 50_000)],
    });
    const overview = screen.getByRole('region', { name: 'Overview' });
    await within(overview).findByText('150,000');
    await userEvent.click(screen.getByRole('button', { name: 'Create Listing' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Listing' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Add account'), 'a1');
    await userEvent.type(within(dialog).getByLabelText('Price (€ per 100,000 coins)'), '2.50');

    const created = listing('l3', true, ['a1']);
    record['POST /api/market/coins'] = { status: 200, body: { data: created } };
    record['GET /api/market/coins/tok'] = { status: 200, body: { data: [created] } };
    ownRead.hold();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(ownRead.waiting()).toBe(1));
    // Stored, but the page still counts Alpha as unlisted: the form stays, and no toast yet.
    expect(screen.queryByText('Listing created successfully')).toBeNull();
    expect((within(dialog).getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(true);

    ownRead.release();
    expect(await screen.findByText('Listing created successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Listing' })).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Create Listing' }));
    const again = screen.getByRole('dialog', { name: 'Create Listing' });
    const offered = [...(within(again).getByLabelText('Add account') as HTMLSelectElement).options];
    expect(offered.slice(1).map((option) => option.textContent)).toEqual(['Beta (50,000 coins)']);
  });
});
