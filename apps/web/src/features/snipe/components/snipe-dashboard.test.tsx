import { defaultConfiguration, defaultNormalFilter } from '@tradedesk/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAccountFilterStore } from '../../../stores/account-filter-store';
import { useAuthStore } from '../../../stores/auth-store';
import { fakeFetch, holdableFetch, renderWithProviders } from '../../../test/render';
import { userAnswer } from '../../../test/user-answer';
import { presentedAccount } from '../../../shared/accounts/test/account-fixtures';
import type * as WebHubSocketModule from '../../../lib/web-hub-socket';
import { SnipeDashboard } from './snipe-dashboard';

type Handler = (payload?: unknown) => void;

/** A stand-in for the /client/snipe socket: the test plays the server. */
const fakeSocket = vi.hoisted(() => {
  const handlers = new Map<string, Handler[]>();
  return {
    connected: true,
    active: true,
    emit: vi.fn(),
    on(event: string, handler: Handler) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
      return this;
    },
    off(event: string, handler: Handler) {
      handlers.set(
        event,
        (handlers.get(event) ?? []).filter((candidate) => candidate !== handler),
      );
      return this;
    },
    connect: vi.fn(),
    disconnect: vi.fn(),
    removeAllListeners: vi.fn(),
    serverSends(event: string, payload?: unknown) {
      for (const handler of handlers.get(event) ?? []) handler(payload);
    },
    reset() {
      handlers.clear();
      this.connected = true;
      this.active = true;
      this.emit.mockClear();
    },
  };
});

vi.mock('../../../lib/web-hub-socket', async (importOriginal) => ({
  ...(await importOriginal<typeof WebHubSocketModule>()),
  connectWebHub: () => {
    queueMicrotask(() => fakeSocket.serverSends('connect'));
    return fakeSocket;
  },
}));

const savedFilter = {
  ...defaultNormalFilter('Cheap Rares'),
  id: 'f-1',
  maxPrice: 5000,
  name: 'Rare Striker',
};
const otherFilter = { ...defaultNormalFilter('Icons'), id: 'f-2', maxPrice: 90000, name: 'Old Legend' };

const snipeUser = (providers: Record<string, string> = {}) =>
  userAnswer({ tier: 'snipe', credits: 1, maxAccounts: 2, providers: { discordId: '42', ...providers } });

/** The dashboard's answers; `record` can be changed as the server's data changes. */
function answers(accounts: unknown[], extra: Record<string, { status: number; body?: unknown }> = {}) {
  const record = {
    'GET /api/account': { status: 200, body: { data: accounts } },
    'GET /api/filter': { status: 200, body: { data: [savedFilter, otherFilter] } },
    'GET /api/configuration': { status: 200, body: { data: defaultConfiguration() } },
    'GET /api/user': snipeUser(),
    ...extra,
  };
  return { ...fakeFetch(record), record };
}

const rowOf = (email: string) => screen.getByText(email).closest('tr') as HTMLElement;
const button = (row: HTMLElement, name: string) =>
  within(row).getByRole('button', { name }) as HTMLButtonElement;

/** The data of the snipe-create-browser the page sent last. */
const sentStart = () =>
  fakeSocket.emit.mock.calls.findLast(
    ([event, message]) => event === 'message' && message?.action === 'snipe-create-browser',
  )?.[1]?.data;

/** Opens Start Snipe on the account's row; returns the dialog and its Start button. */
async function openStartSnipe(user: ReturnType<typeof userEvent.setup>, email: string) {
  await user.click(button(rowOf(email), 'Start Snipe'));
  const dialog = await screen.findByRole('dialog', { name: /Snipe Configuration/ });
  await within(dialog).findByRole('tab', { name: /Cheap Rares/ });
  return { dialog, start: within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Start' }) };
}

/** The dashboard over `served`, with one "METHOD /path" that the test can hold; the user to drive it. */
function renderDashboardHolding(served: { fetchStub: typeof fetch }, key: string) {
  const held = holdableFetch(served.fetchStub, key);
  vi.stubGlobal('fetch', held.fetchStub);
  renderWithProviders(<SnipeDashboard />);
  return { held, user: userEvent.setup() };
}

describe('snipe dashboard', () => {
  beforeEach(() => {
    fakeSocket.reset();
    useAuthStore.setState({ token: 'licence-token' });
    useAccountFilterStore.setState({ filtersByAccount: {} });
  });
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
    expect(fakeSocket.emit).toHaveBeenCalledWith('message', {
      action: 'LAUNCH_BROWSER',
      data: { account: { id: 'a' }, isBuyer: false },
    });
    expect(screen.queryByRole('dialog', { name: 'Launch Webapp' })).toBeNull();

    act(() =>
      fakeSocket.serverSends('message', {
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

  it('shows why the server refused a launch', async () => {
    vi.stubGlobal('fetch', answers([presentedAccount({ id: 'a', email: 'idle@example.com' })]).fetchStub);
    renderWithProviders(<SnipeDashboard />);
    await screen.findByText('idle@example.com');
    await screen.findByText('Live');
    await userEvent.setup().click(button(rowOf('idle@example.com'), 'Launch Account'));
    act(() => fakeSocket.serverSends('error', { description: 'The game did not open a session' }));
    expect(await screen.findByText('The game did not open a session')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Launch Webapp' })).toBeNull();
  });

  it('updates status, coins and counters as socket messages arrive', async () => {
    vi.stubGlobal('fetch', answers([presentedAccount({ id: 'a', email: 'live@example.com' })]).fetchStub);
    renderWithProviders(<SnipeDashboard />);
    await screen.findByText('live@example.com');
    expect(await screen.findByText('Live')).toBeTruthy();

    act(() => fakeSocket.serverSends('message', { action: 'snipe-started', data: { accountId: 'a' } }));
    act(() =>
      fakeSocket.serverSends('message', {
        action: 'notification',
        data: { type: 'success', message: 'Starting snipe for live@example.com' },
      }),
    );
    expect(await screen.findByText('Starting snipe for live@example.com')).toBeTruthy();
    act(() =>
      fakeSocket.serverSends('message', {
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

    act(() => fakeSocket.serverSends('error', { description: 'You have reached your account limit' }));
    expect(await screen.findByText('You have reached your account limit')).toBeTruthy();
  });

  it('says the live updates are reconnecting while the hub refuses, and Live once back', async () => {
    vi.stubGlobal('fetch', answers([]).fetchStub);
    renderWithProviders(<SnipeDashboard />);
    await screen.findByText('Live');

    // The hub refused the handshake: socket.io-client stops, the dashboard keeps trying.
    fakeSocket.connected = false;
    fakeSocket.active = false;
    act(() => fakeSocket.serverSends('connect_error', new Error('Unauthorized')));
    expect(await screen.findByText('Live updates offline, reconnecting…')).toBeTruthy();

    fakeSocket.connected = true;
    fakeSocket.active = true;
    act(() => fakeSocket.serverSends('connect'));
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
    const [event, sent] = fakeSocket.emit.mock.calls.find(([name]) => name === 'message') ?? [];
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
    expect(fakeSocket.emit).toHaveBeenCalledWith('message', { action: 'snipe-stop', data: { id: 'a' } });
    expect(useAccountFilterStore.getState().filtersByAccount.a).toBeUndefined();
    await waitFor(() =>
      expect(calls.filter((call) => call.url === '/api/account').length).toBeGreaterThan(before),
    );
  });

  it('switches the filter of an account on a break after confirmation', async () => {
    useAccountFilterStore.setState({ filtersByAccount: { b: ['f-1'] } });
    vi.stubGlobal(
      'fetch',
      answers([presentedAccount({ id: 'b', email: 'break@example.com', status: 'break' })]).fetchStub,
    );
    renderWithProviders(<SnipeDashboard />);
    const user = userEvent.setup();
    await screen.findByText('break@example.com');
    await screen.findByText('Live');
    const select = await within(rowOf('break@example.com')).findByRole('option', { name: 'Icons' });
    await user.selectOptions(select.closest('select') as HTMLSelectElement, 'Icons');
    const dialog = await screen.findByRole('dialog', { name: 'Switch Filter' });
    await user.click(within(dialog).getByRole('button', { name: 'Switch' }));
    expect(fakeSocket.emit).toHaveBeenCalledWith(
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
  });

  it('sends nothing when the snipe service cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      answers([presentedAccount({ id: 'a', email: 'offline@example.com', status: 'active' })]).fetchStub,
    );
    renderWithProviders(<SnipeDashboard />);
    await screen.findByText('offline@example.com');
    fakeSocket.connected = false;
    await userEvent.setup().click(button(rowOf('offline@example.com'), 'Stop Snipe'));
    expect(
      await screen.findByText('Unable to reach the snipe service. Please try again later.'),
    ).toBeTruthy();
    expect(fakeSocket.emit).not.toHaveBeenCalledWith('message', expect.anything());
  });
  it("says 'Account edited successfully' only once the row shows the edited account", async () => {
    const before = presentedAccount({ id: 'a', email: 'edit@example.com', platform: 'pc' });
    const served = answers([before], {
      'POST /api/user/decrypt': {
        status: 200,
        body: { data: { email: 'edit@example.com', password: 'correct-horse-1', backupCode: 'ABCD1234' } },
      },
      'PUT /api/account': { status: 200, body: { data: { ...before, platform: 'ps' } } },
    });
    const { held: list, user } = renderDashboardHolding(served, 'GET /api/account');
    await screen.findByText('edit@example.com');
    await user.click(button(rowOf('edit@example.com'), 'Edit Account'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit account credentials' });
    await user.selectOptions(await within(dialog).findByLabelText('Platform'), 'ps');

    served.record['GET /api/account'] = { status: 200, body: { data: [{ ...before, platform: 'ps' }] } };
    list.hold();
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(list.waiting()).toBe(1));
    // The list is still being read: the row is the account as it was, and no toast says otherwise.
    expect(within(rowOf('edit@example.com')).getByText('PC')).toBeTruthy();
    expect(screen.queryByText('Account edited successfully')).toBeNull();

    list.release();
    expect(await screen.findByText('Account edited successfully')).toBeTruthy();
    expect(await within(rowOf('edit@example.com')).findByText('PS')).toBeTruthy();
  });

  it('starts with the notification settings just saved: Start waits while they are saved', async () => {
    const webhook = 'https://hooks.example.com/run';
    const served = answers([presentedAccount({ id: 'a', email: 'hook@example.com' })], {
      'PUT /api/user/provider': { status: 200, body: { data: {} } },
    });
    const { held: userRead, user } = renderDashboardHolding(served, 'GET /api/user');
    await screen.findByText('hook@example.com');
    await screen.findByText('Live');
    await user.click(screen.getByRole('button', { name: 'General Configuration' }));
    const settings = await screen.findByRole('dialog', { name: 'General Configuration' });
    const general = within(await within(settings).findByRole('form', { name: 'General Configuration' }));
    await user.type(general.getByLabelText('Webhook URL'), webhook);

    served.record['GET /api/user'] = snipeUser({ discordWebhookUrl: webhook });
    userRead.hold();
    await user.click(general.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(userRead.waiting()).toBe(1));
    // Saved, but the user the start reads is not read again yet: no toast, and Start waits.
    expect(screen.queryByText('Updated provider config')).toBeNull();
    await user.click(within(settings).getByText('Close', { selector: 'button' }));
    const { dialog, start } = await openStartSnipe(user, 'hook@example.com');
    await user.selectOptions(within(dialog).getByLabelText('Select Filter'), 'Cheap Rares');
    expect(start.disabled).toBe(true);

    userRead.release();
    expect(await screen.findByText('Updated provider config')).toBeTruthy();
    await waitFor(() => expect(start.disabled).toBe(false));
    await user.click(start);
    expect(sentStart()?.providers).toMatchObject({ discordWebhookUrl: webhook });
  });

  it('starts with a filter saved in the modal: Start waits while the save runs', async () => {
    const created = { ...defaultNormalFilter('Quick Save'), id: 'f-3', maxPrice: 5000 };
    const served = answers([presentedAccount({ id: 'a', email: 'quick@example.com' })], {
      'POST /api/filter': { status: 200, body: { data: created } },
    });
    const { held: save, user } = renderDashboardHolding(served, 'POST /api/filter');
    await screen.findByText('quick@example.com');
    await screen.findByText('Live');
    const { dialog, start } = await openStartSnipe(user, 'quick@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add filter' }));
    await user.click(within(dialog).getByRole('button', { name: 'Normal Filter' }));
    const form = within(dialog).getByRole('form');
    await user.type(within(form).getByLabelText('Label', { exact: true }), 'Quick Save');
    const maxPrice = within(form).getByLabelText('Max Buy Now Price', { exact: true });
    await user.clear(maxPrice);
    await user.type(maxPrice, '5000');

    served.record['GET /api/filter'] = { status: 200, body: { data: [savedFilter, otherFilter, created] } };
    save.hold();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(save.waiting()).toBe(1));
    // The selection still holds the unsaved draft: a Start now would send it.
    expect(start.disabled).toBe(true);

    save.release();
    await within(dialog).findByRole('tab', { name: /Quick Save/ });
    await waitFor(() => expect(start.disabled).toBe(false));
    await user.click(start);
    expect(sentStart()?.filters).toEqual([expect.objectContaining({ id: 'f-3', label: 'Quick Save' })]);
  });

  it('rehearses a filter as just saved: Rehearse waits while the edit is saved', async () => {
    const served = answers([], {
      'GET /api/rehearsal': { status: 200, body: { data: null } },
      'POST /api/filter': { status: 200, body: { data: { ...savedFilter, maxPrice: 6000 } } },
    });
    const { held: save, user } = renderDashboardHolding(served, 'POST /api/filter');
    await screen.findByText('Live');
    const panel = within(await screen.findByRole('region', { name: 'Filter configuration' }));
    await user.selectOptions(panel.getByLabelText('Select Filter'), 'Cheap Rares');
    const rehearse = screen.getByRole<HTMLButtonElement>('button', { name: 'Rehearse in sandbox' });
    expect(rehearse.disabled).toBe(false);
    const form = within(panel.getByRole('form'));
    const maxPrice = form.getByLabelText('Max Buy Now Price', { exact: true });
    await user.clear(maxPrice);
    await user.type(maxPrice, '6000');

    save.hold();
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(save.waiting()).toBe(1));
    // The server still holds the filter as it was: a rehearsal now would run that one.
    expect(rehearse.disabled).toBe(true);

    save.release();
    expect(await screen.findByText('Updated filters')).toBeTruthy();
    await waitFor(() => expect(rehearse.disabled).toBe(false));
    await user.click(rehearse);
    expect(fakeSocket.emit).toHaveBeenCalledWith('message', {
      action: 'snipe-rehearse',
      data: expect.objectContaining({ filterIds: ['f-1'] }),
    });
  });

  it('switches a running account to a filter as just saved: Switch waits while the edit is saved', async () => {
    useAccountFilterStore.setState({ filtersByAccount: { b: ['f-1'] } });
    const edited = { ...otherFilter, maxPrice: 95000 };
    const served = answers([presentedAccount({ id: 'b', email: 'break@example.com', status: 'break' })], {
      'POST /api/filter': { status: 200, body: { data: edited } },
    });
    const { held: save, user } = renderDashboardHolding(served, 'POST /api/filter');
    await screen.findByText('Live');
    const panel = within(await screen.findByRole('region', { name: 'Filter configuration' }));
    await user.click(panel.getByRole('tab', { name: /Icons/ }));
    const form = within(panel.getByRole('form'));
    const maxPrice = form.getByLabelText('Max Buy Now Price', { exact: true });
    await user.clear(maxPrice);
    await user.type(maxPrice, '95000');

    served.record['GET /api/filter'] = { status: 200, body: { data: [savedFilter, edited] } };
    save.hold();
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(save.waiting()).toBe(1));
    const option = await within(rowOf('break@example.com')).findByRole('option', { name: 'Icons' });
    await user.selectOptions(option.closest('select') as HTMLSelectElement, 'Icons');
    const dialog = await screen.findByRole('dialog', { name: 'Switch Filter' });
    const switchButton = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Switch' });
    // The list still holds Icons as it was: a Switch now would send that one.
    expect(switchButton.disabled).toBe(true);

    save.release();
    expect(await screen.findByText('Updated filters')).toBeTruthy();
    await waitFor(() => expect(switchButton.disabled).toBe(false));
    await user.click(switchButton);
    expect(sentStart()).toMatchObject({
      id: 'b',
      isSwitchFilter: true,
      filters: [{ id: 'f-2', maxPrice: 95000 }],
    });
  });
});
