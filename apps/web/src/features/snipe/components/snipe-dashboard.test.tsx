import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as WebHubSocketModule from '../../../lib/web-hub-socket';
import { useAccountFilterStore } from '../../../stores/account-filter-store';
import { presentedAccount } from '../../../common/accounts/test/account-fixtures';
import { holdableFetch, renderWithProviders } from '../../../test/render';
import { fakeWebHubSocket } from '../../../test/fake-web-hub';
import {
  answers,
  button,
  openStartSnipe,
  resetDashboard,
  rowOf,
  savedFilter,
  sentStart,
} from './snipe-dashboard.fixtures';
import { SnipeDashboard } from './snipe-dashboard';

vi.mock('../../../lib/web-hub-socket', async (importOriginal) => ({
  ...(await importOriginal<typeof WebHubSocketModule>()),
  connectWebHub: (await import('../../../test/fake-web-hub')).connectFakeWebHub,
}));

describe('snipe dashboard', () => {
  beforeEach(resetDashboard);
  afterEach(() => vi.unstubAllGlobals());

  it("says 'No accounts found' for a user without accounts", async () => {
    vi.stubGlobal('fetch', answers([]).fetchStub);
    renderWithProviders(<SnipeDashboard />);
    expect(await screen.findByText('No accounts found')).toBeTruthy();
  });

  it('shows each account with its badges, coins, profit and counters, sorted by status text', async () => {
    vi.stubGlobal(
      'fetch',
      answers([
        presentedAccount({ id: 'i', email: 'idle@example.com', status: 'inactive', profits: 0 }),
        presentedAccount({
          id: 'a',
          email: 'busy@example.com',
          status: 'active',
          coins: 1_550,
          profits: 2_500,
          session: { requests: 120, searches: 45 },
        }),
        presentedAccount({
          id: 'e',
          email: 'broken@example.com',
          status: 'error',
          platform: null,
          profits: -1_200,
          description: 'Encountered soft ban',
        }),
      ]).fetchStub,
    );
    renderWithProviders(<SnipeDashboard />);
    await screen.findByText('busy@example.com');
    const order = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getByText(/@example\.com/).textContent);
    expect(order).toEqual(['busy@example.com', 'broken@example.com', 'idle@example.com']);

    const busy = rowOf('busy@example.com');
    expect(within(busy).getByText('ACTIVE')).toBeTruthy();
    expect(within(busy).getByText('1.6K')).toBeTruthy();
    expect(within(busy).getByText('+2.5K').className).toContain('text-success');
    expect(within(busy).getByText('Requests: 120')).toBeTruthy();
    expect(within(busy).getByText('Searches: 45')).toBeTruthy();

    const broken = rowOf('broken@example.com');
    expect(within(broken).getByText('UNKNOWN')).toBeTruthy();
    expect(within(broken).getByText('-1.2K').className).toContain('text-error');
    expect(within(broken).getByTitle('Encountered soft ban')).toBeTruthy();

    const idle = rowOf('idle@example.com');
    expect(within(idle).getByText('PC')).toBeTruthy();
    expect(within(idle).queryByText(/^[+-]/)).toBeNull();
  });

  it("shows a running account's filter after a reload, though this browser kept no choice", async () => {
    vi.stubGlobal(
      'fetch',
      answers([
        presentedAccount({ id: 'a', email: 'busy@example.com', status: 'active', runningFilterIds: ['f-2'] }),
      ]).fetchStub,
    );
    renderWithProviders(<SnipeDashboard />);
    const select = (await screen.findByLabelText('Filter for busy@example.com')) as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe('f-2'));
    expect(select.selectedOptions[0]?.textContent).toBe('Icons');
  });

  it('locks the row of an active account and offers Stop Snipe', async () => {
    vi.stubGlobal(
      'fetch',
      answers([
        presentedAccount({ id: 'a', email: 'busy@example.com', status: 'active' }),
        presentedAccount({ id: 'b', email: 'resting@example.com', status: 'break' }),
      ]).fetchStub,
    );
    renderWithProviders(<SnipeDashboard />);
    await screen.findByText('busy@example.com');
    const busy = rowOf('busy@example.com');
    for (const name of ['Launch Account', 'Edit Account', 'Reset Statistics', 'Delete Account']) {
      expect(button(busy, name).disabled).toBe(true);
    }
    expect(button(busy, 'Stop Snipe').disabled).toBe(false);
    expect((within(busy).getByRole('combobox') as HTMLSelectElement).disabled).toBe(true);
    const resting = rowOf('resting@example.com');
    expect(button(resting, 'Stop Snipe')).toBeTruthy();
    expect(button(resting, 'Edit Account').disabled).toBe(false);
    // A break is still a run: Launch stays off and its tooltip says why.
    expect(button(resting, 'Launch Account').disabled).toBe(true);
    expect(button(resting, 'Launch Account').title).toBe('Stop the account before launching its web app');
  });

  it('launches an idle account’s web app and says where it opened', async () => {
    vi.stubGlobal('fetch', answers([presentedAccount({ id: 'a', email: 'idle@example.com' })]).fetchStub);
    renderWithProviders(<SnipeDashboard />);
    await screen.findByText('idle@example.com');
    await screen.findByText('Live');
    const launch = button(rowOf('idle@example.com'), 'Launch Account');
    expect(launch.disabled).toBe(false);
    await userEvent.setup().click(launch);
    expect(fakeWebHubSocket.emit).toHaveBeenCalledWith('message', {
      action: 'LAUNCH_BROWSER',
      data: { account: { id: 'a' }, isBuyer: false },
    });
    expect(screen.queryByRole('dialog', { name: 'Launch Webapp' })).toBeNull();

    act(() =>
      fakeWebHubSocket.serverSends('message', {
        action: 'webapp-launched',
        data: {
          user: { id: 'a', isBuyer: false },
          coins: 12_000,
          host: 'agent-7',
          display: 'virtual',
          where: 'agent-host',
        },
      }),
    );
    expect(await screen.findByText('Launched webapp successfully')).toBeTruthy();
    const modal = await screen.findByRole('dialog', { name: 'Launch Webapp' });
    expect(modal.textContent).toContain("opened on the agent's host (agent-7)");
    await userEvent.setup().click(within(modal).getByText('Close', { selector: 'button' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Launch Webapp' })).toBeNull());
  });

  it('shows the balance a launched web app read in the row of an account never read before', async () => {
    vi.stubGlobal(
      'fetch',
      answers([
        presentedAccount({ id: 'a', email: 'new@example.com', coins: 0, isCoinBalanceKnown: false }),
        presentedAccount({ id: 'b', email: 'blocked@example.com', coins: 0, isCoinBalanceKnown: false }),
      ]).fetchStub,
    );
    renderWithProviders(<SnipeDashboard />);
    await screen.findByText('new@example.com');
    await screen.findByText('Live');
    const coinsOf = (email: string) =>
      within(rowOf(email)).getByText(
        (_text, element) => element?.matches('td[data-label="Coins"] > div') ?? false,
      ).textContent;
    expect(coinsOf('new@example.com')).toBe('—');

    const launched = (id: string, coins: number | null) =>
      act(() =>
        fakeWebHubSocket.serverSends('message', {
          action: 'webapp-launched',
          data: {
            user: { id, isBuyer: false },
            coins,
            host: 'agent-7',
            display: 'virtual',
            where: 'agent-host',
          },
        }),
      );
    launched('a', 12_000);
    launched('b', null);
    await waitFor(() => expect(coinsOf('new@example.com')).toBe('12K'));
    // Under a captcha the page shows no balance: still unknown, not 0.
    expect(coinsOf('blocked@example.com')).toBe('—');
  });

  it('shows why the server refused a launch', async () => {
    vi.stubGlobal('fetch', answers([presentedAccount({ id: 'a', email: 'idle@example.com' })]).fetchStub);
    renderWithProviders(<SnipeDashboard />);
    await screen.findByText('idle@example.com');
    await screen.findByText('Live');
    await userEvent.setup().click(button(rowOf('idle@example.com'), 'Launch Account'));
    act(() => fakeWebHubSocket.serverSends('error', { description: 'The game did not open a session' }));
    expect(await screen.findByText('The game did not open a session')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Launch Webapp' })).toBeNull();
  });

  it('updates status, coins and counters as socket messages arrive', async () => {
    vi.stubGlobal('fetch', answers([presentedAccount({ id: 'a', email: 'live@example.com' })]).fetchStub);
    renderWithProviders(<SnipeDashboard />);
    await screen.findByText('live@example.com');
    expect(await screen.findByText('Live')).toBeTruthy();

    act(() => fakeWebHubSocket.serverSends('message', { action: 'snipe-started', data: { accountId: 'a' } }));
    act(() =>
      fakeWebHubSocket.serverSends('message', {
        action: 'notification',
        data: { type: 'success', message: 'Starting snipe for live@example.com' },
      }),
    );
    expect(await screen.findByText('Starting snipe for live@example.com')).toBeTruthy();
    act(() =>
      fakeWebHubSocket.serverSends('message', {
        action: 'update-account',
        data: { id: 'a', coins: 250_000, profits: 4_000, session: { requests: 9, searches: 4 } },
      }),
    );
    const row = rowOf('live@example.com');
    // The cache changes at once; React Query tells the table on its next tick.
    expect(await within(row).findByText('250K')).toBeTruthy();
    expect(within(row).getByText('ACTIVE')).toBeTruthy();
    expect(within(row).getByText('+4K')).toBeTruthy();
    expect(within(row).getByText('Requests: 9')).toBeTruthy();

    act(() => fakeWebHubSocket.serverSends('error', { description: 'You have reached your account limit' }));
    expect(await screen.findByText('You have reached your account limit')).toBeTruthy();
  });

  it('reads the weekly profits again when a purchase arrives, so its profit shows without a reload', async () => {
    const served = answers([presentedAccount({ id: 'a', email: 'live@example.com' })]);
    vi.stubGlobal('fetch', served.fetchStub);
    renderWithProviders(<SnipeDashboard />);
    await screen.findByText('live@example.com');
    expect(await screen.findByText('Live')).toBeTruthy();
    const statisticsReads = () =>
      served.calls.filter((call) => call.method === 'GET' && call.url.includes('/api/statistic/snipe'))
        .length;
    await waitFor(() => expect(statisticsReads()).toBeGreaterThan(0));
    const before = statisticsReads();

    act(() =>
      fakeWebHubSocket.serverSends('message', {
        action: 'snipe-result',
        data: {
          accountId: 'a',
          buyerId: 'buyer-1',
          platform: 'pc',
          playerId: 20_801,
          playerName: 'Cristiano Ronaldo',
          buyPrice: 500,
          sellPrice: 6_000,
          tax: 300,
          value: 5_200,
        },
      }),
    );
    await waitFor(() => expect(statisticsReads()).toBeGreaterThan(before));
  });

  it('says the live updates are reconnecting while the hub refuses, and Live once back', async () => {
    vi.stubGlobal('fetch', answers([]).fetchStub);
    renderWithProviders(<SnipeDashboard />);
    await screen.findByText('Live');

    // The hub refused the handshake: socket.io-client stops, the dashboard keeps trying.
    fakeWebHubSocket.connected = false;
    fakeWebHubSocket.active = false;
    act(() => fakeWebHubSocket.serverSends('connect_error', new Error('Unauthorized')));
    expect(await screen.findByText('Live updates offline, reconnecting…')).toBeTruthy();

    fakeWebHubSocket.connected = true;
    fakeWebHubSocket.active = true;
    act(() => fakeWebHubSocket.serverSends('connect'));
    expect(await screen.findByText('Live')).toBeTruthy();
  });

  it('starts a snipe only with a valid selection, sending the chosen filter', async () => {
    vi.stubGlobal('fetch', answers([presentedAccount({ id: 'a', email: 'start@example.com' })]).fetchStub);
    renderWithProviders(<SnipeDashboard />);
    const user = userEvent.setup();
    await screen.findByText('start@example.com');
    await screen.findByText('Live');
    await user.click(button(rowOf('start@example.com'), 'Start Snipe'));
    const dialog = await screen.findByRole('dialog', { name: /Snipe Configuration/ });
    await within(dialog).findByRole('tab', { name: /Cheap Rares/ });

    await user.click(within(dialog).getByRole('button', { name: 'Start' }));
    expect(await screen.findByText('You need to select at least one filter.')).toBeTruthy();

    await user.selectOptions(within(dialog).getByLabelText('Select Filter'), 'Cheap Rares');
    await user.click(within(dialog).getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Snipe Configuration/ })).toBeNull());
    const [event, sent] = fakeWebHubSocket.emit.mock.calls.find(([name]) => name === 'message') ?? [];
    expect(event).toBe('message');
    expect(sent).toMatchObject({
      action: 'snipe-create-browser',
      data: {
        id: 'a',
        email: 'start@example.com',
        isSwitchFilter: false,
        filters: [{ id: 'f-1', label: 'Cheap Rares' }],
      },
    });
    expect(useAccountFilterStore.getState().filtersByAccount.a).toEqual(['f-1']);
  });

  it('opens Snipe Configuration on the only saved filter, so Start runs it at once', async () => {
    vi.stubGlobal(
      'fetch',
      answers([presentedAccount({ id: 'a', email: 'one@example.com' })], {
        'GET /api/filter': { status: 200, body: { data: [savedFilter] } },
      }).fetchStub,
    );
    renderWithProviders(<SnipeDashboard />);
    const user = userEvent.setup();
    await screen.findByText('one@example.com');
    await screen.findByText('Live');
    const { dialog, start } = await openStartSnipe(user, 'one@example.com');
    const select = within(dialog).getByLabelText<HTMLSelectElement>('Select Filter');
    expect(select.selectedOptions[0]?.textContent).toBe('Cheap Rares');
    expect(within(dialog).getByRole('button', { name: 'Remove Cheap Rares' })).toBeTruthy();

    await user.click(start);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Snipe Configuration/ })).toBeNull());
    expect(sentStart()).toMatchObject({ id: 'a', filters: [{ id: 'f-1', label: 'Cheap Rares' }] });
  });

  it("opens Snipe Configuration on the account's last used filter among several", async () => {
    useAccountFilterStore.setState({ filtersByAccount: { a: ['f-2'] } });
    vi.stubGlobal('fetch', answers([presentedAccount({ id: 'a', email: 'two@example.com' })]).fetchStub);
    renderWithProviders(<SnipeDashboard />);
    const user = userEvent.setup();
    await screen.findByText('two@example.com');
    const { dialog } = await openStartSnipe(user, 'two@example.com');
    const select = within(dialog).getByLabelText<HTMLSelectElement>('Select Filter');
    expect(select.selectedOptions[0]?.textContent).toBe('Icons');
  });

  it('stops a running account and forgets its filter', async () => {
    useAccountFilterStore.setState({ filtersByAccount: { a: ['f-1'] } });
    const { fetchStub, calls } = answers([
      presentedAccount({ id: 'a', email: 'stop@example.com', status: 'active' }),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<SnipeDashboard />);
    await screen.findByText('stop@example.com');
    await screen.findByText('Live');
    const before = calls.filter((call) => call.url === '/api/account').length;
    await userEvent.setup().click(button(rowOf('stop@example.com'), 'Stop Snipe'));
    expect(fakeWebHubSocket.emit).toHaveBeenCalledWith('message', {
      action: 'snipe-stop',
      data: { id: 'a' },
    });
    expect(useAccountFilterStore.getState().filtersByAccount.a).toBeUndefined();
    await waitFor(() =>
      expect(calls.filter((call) => call.url === '/api/account').length).toBeGreaterThan(before),
    );
  });

  it('sends one stop for a double click on Stop Snipe, and offers it again once the list is read', async () => {
    const held = holdableFetch(
      answers([presentedAccount({ id: 'a', email: 'stop@example.com', status: 'active' })]).fetchStub,
      'GET /api/account',
    );
    vi.stubGlobal('fetch', held.fetchStub);
    renderWithProviders(<SnipeDashboard />);
    await screen.findByText('stop@example.com');
    await screen.findByText('Live');
    held.hold();
    await userEvent.setup().dblClick(button(rowOf('stop@example.com'), 'Stop Snipe'));
    const stops = () =>
      fakeWebHubSocket.emit.mock.calls.filter(
        ([, message]) => (message as { action?: string } | undefined)?.action === 'snipe-stop',
      );
    expect(stops()).toHaveLength(1);
    expect(button(rowOf('stop@example.com'), 'Stop Snipe').disabled).toBe(true);
    held.release();
    // The account still runs (its agent has not answered yet): Stop Snipe is offered again.
    await waitFor(() => expect(button(rowOf('stop@example.com'), 'Stop Snipe').disabled).toBe(false));
  });

  // A run waiting for an agent starts with the filter switched to.
  it.each(['break', 'waiting'] as const)(
    'switches the filter of an account on %s after confirmation',
    async (status) => {
      useAccountFilterStore.setState({ filtersByAccount: { b: ['f-1'] } });
      vi.stubGlobal(
        'fetch',
        answers([presentedAccount({ id: 'b', email: 'paused@example.com', status })]).fetchStub,
      );
      renderWithProviders(<SnipeDashboard />);
      const user = userEvent.setup();
      await screen.findByText('paused@example.com');
      await screen.findByText('Live');
      const select = await within(rowOf('paused@example.com')).findByRole('option', { name: 'Icons' });
      await user.selectOptions(select.closest('select') as HTMLSelectElement, 'Icons');
      const dialog = await screen.findByRole('dialog', { name: 'Switch Filter' });
      await user.click(within(dialog).getByRole('button', { name: 'Switch' }));
      expect(fakeWebHubSocket.emit).toHaveBeenCalledWith(
        'message',
        expect.objectContaining({
          action: 'snipe-create-browser',
          data: expect.objectContaining({
            id: 'b',
            isSwitchFilter: true,
            filters: [expect.objectContaining({ id: 'f-2' })],
          }),
        }),
      );
      expect(useAccountFilterStore.getState().filtersByAccount.b).toEqual(['f-2']);
    },
  );

  it('sends nothing when the snipe service cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      answers([presentedAccount({ id: 'a', email: 'offline@example.com', status: 'active' })]).fetchStub,
    );
    renderWithProviders(<SnipeDashboard />);
    await screen.findByText('offline@example.com');
    fakeWebHubSocket.connected = false;
    await userEvent.setup().click(button(rowOf('offline@example.com'), 'Stop Snipe'));
    expect(
      await screen.findByText('Unable to reach the snipe service. Please try again later.'),
    ).toBeTruthy();
    expect(fakeWebHubSocket.emit).not.toHaveBeenCalledWith('message', expect.anything());
  });
});
