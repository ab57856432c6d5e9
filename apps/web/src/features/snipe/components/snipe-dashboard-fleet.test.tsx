import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as WebHubSocketModule from '../../../lib/web-hub-socket';
import { presentedAccount } from '../../../common/accounts/test/account-fixtures';
import { renderWithProviders } from '../../../test/render';
import { userAnswer } from '../../../test/user-answer';
import { fakeWebHubSocket } from '../../../test/fake-web-hub';
import { answers, resetDashboard } from './snipe-dashboard.fixtures';
import { SnipeDashboard } from './snipe-dashboard';

vi.mock('../../../lib/web-hub-socket', async (importOriginal) => ({
  ...(await importOriginal<typeof WebHubSocketModule>()),
  connectWebHub: (await import('../../../test/fake-web-hub')).connectFakeWebHub,
}));

const fleetRun = () => screen.getByRole('region', { name: /^Fleet run/ });
const partOf = (region: HTMLElement, name: string) =>
  within(region).getByText(name, { selector: 'td' }).closest('tr') as HTMLElement;

/** The data of the last snipe-create-browsers the page sent. */
const sentTogether = () =>
  fakeWebHubSocket.emit.mock.calls.findLast(
    ([event, message]) => event === 'message' && message?.action === 'snipe-create-browsers',
  )?.[1]?.data;

describe('snipe dashboard: fleet runs', () => {
  beforeEach(resetDashboard);
  afterEach(() => vi.unstubAllGlobals());

  it('shows a fleet as one run with each account’s status, purchases and profit, and the totals', async () => {
    const fleet = (purchases: number) => ({ id: 'fleet-1', purchases });
    vi.stubGlobal(
      'fetch',
      answers([
        presentedAccount({ id: 'a', username: 'Alpha', status: 'active', profits: 5_200, fleet: fleet(1) }),
        presentedAccount({ id: 'b', username: 'Bravo', status: 'break', profits: 0, fleet: fleet(0) }),
        presentedAccount({
          id: 'c',
          username: 'Charlie',
          status: 'active',
          profits: 10_400,
          fleet: fleet(2),
        }),
        presentedAccount({ id: 'd', username: 'Delta', status: 'active', profits: 700 }),
      ]).fetchStub,
    );
    renderWithProviders(<SnipeDashboard />);
    await screen.findByText('Alpha', { selector: 'td' });

    const run = fleetRun();
    expect(run.getAttribute('aria-label')).toBe('Fleet run · 3 accounts · PC');
    expect(within(run).queryByText('Delta')).toBeNull();
    const alpha = partOf(run, 'Alpha');
    expect(within(alpha).getByText('ACTIVE')).toBeTruthy();
    expect(within(alpha).getByText('1')).toBeTruthy();
    expect(within(alpha).getByText('+5.2K')).toBeTruthy();
    expect(within(partOf(run, 'Bravo')).getByText('BREAK')).toBeTruthy();
    const total = within(run).getByText('Total').closest('tr') as HTMLElement;
    expect(within(total).getByText('3')).toBeTruthy();
    expect(within(total).getByText('+15.6K')).toBeTruthy();
  });

  it('counts a part’s purchases as they arrive, and drops a part whose run stopped', async () => {
    const served = answers([
      presentedAccount({ id: 'a', username: 'Alpha' }),
      presentedAccount({ id: 'b', username: 'Bravo' }),
    ]);
    vi.stubGlobal('fetch', served.fetchStub);
    renderWithProviders(<SnipeDashboard />);
    await screen.findByText('Live');
    expect(screen.queryByRole('region', { name: /^Fleet run/ })).toBeNull();

    for (const accountId of ['a', 'b'])
      act(() =>
        fakeWebHubSocket.serverSends('message', {
          action: 'snipe-started',
          data: { accountId, filterIds: ['f-1'], fleetId: 'fleet-9' },
        }),
      );
    await waitFor(() => expect(fleetRun().getAttribute('aria-label')).toBe('Fleet run · 2 accounts · PC'));
    const purchase = {
      accountId: 'b',
      buyerId: 'buyer-1',
      platform: 'pc',
      playerId: 20_801,
      playerName: 'Cristiano Ronaldo',
      buyPrice: 500,
      sellPrice: 6_000,
      tax: 300,
      value: 5_200,
    };
    act(() => fakeWebHubSocket.serverSends('message', { action: 'snipe-result', data: purchase }));
    // A failed attempt is no purchase.
    act(() =>
      fakeWebHubSocket.serverSends('message', {
        action: 'snipe-result',
        data: { ...purchase, errorCode: 478 },
      }),
    );
    await waitFor(() => {
      const total = within(fleetRun()).getByText('Total').closest('tr') as HTMLElement;
      expect(within(total).getByText('1')).toBeTruthy();
    });
    expect(within(partOf(fleetRun(), 'Bravo')).getByText('1')).toBeTruthy();

    // The server's list after Alpha's part stopped (a stop reads the accounts again).
    served.record['GET /api/account'] = {
      status: 200,
      body: {
        data: [
          presentedAccount({ id: 'a', username: 'Alpha' }),
          presentedAccount({
            id: 'b',
            username: 'Bravo',
            status: 'active',
            fleet: { id: 'fleet-9', purchases: 1 },
          }),
        ],
      },
    };
    act(() =>
      fakeWebHubSocket.serverSends('message', { action: 'stop', data: { accountId: 'a', reason: '' } }),
    );
    await waitFor(() => expect(fleetRun().getAttribute('aria-label')).toBe('Fleet run · 1 account · PC'));
  });

  it('starts the ticked accounts together with one filter choice', async () => {
    vi.stubGlobal(
      'fetch',
      answers([
        presentedAccount({ id: 'a', email: 'one@example.com' }),
        presentedAccount({ id: 'b', email: 'two@example.com' }),
        presentedAccount({ id: 'c', email: 'busy@example.com', status: 'active' }),
      ]).fetchStub,
    );
    renderWithProviders(<SnipeDashboard />);
    const user = userEvent.setup();
    await screen.findByText('Live');
    const startTogether = await screen.findByRole<HTMLButtonElement>('button', { name: /^Start Together/ });
    // A running account cannot be ticked; one ticked account is no start together.
    expect(screen.queryByLabelText('Select busy@example.com')).toBeNull();
    await user.click(screen.getByLabelText('Select one@example.com'));
    expect(startTogether.disabled).toBe(true);
    await user.click(screen.getByLabelText('Select two@example.com'));
    expect(startTogether.disabled).toBe(false);
    expect(startTogether.textContent).toBe('Start Together (2)');

    await user.click(startTogether);
    const dialog = await screen.findByRole('dialog', { name: 'Snipe Configuration — 2 accounts together' });
    await within(dialog).findByRole('tab', { name: /Cheap Rares/ });
    await user.selectOptions(within(dialog).getByLabelText('Select Filter'), 'Cheap Rares');
    await user.click(within(dialog).getByRole('button', { name: 'Start' }));

    await waitFor(() => expect(sentTogether()).toBeDefined());
    expect(sentTogether()).toMatchObject({ ids: ['a', 'b'], filters: [{ id: 'f-1', label: 'Cheap Rares' }] });
    expect(sentTogether().configuration.advanced.isFleetEnabled).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Snipe Configuration/ })).toBeNull());
  });

  // One licence runs one account at a time: the server refuses any group, so the page offers none.
  it('shows a one-licence user why there is no Start Together, and no tick boxes', async () => {
    vi.stubGlobal(
      'fetch',
      answers(
        [
          presentedAccount({ id: 'a', email: 'one@example.com' }),
          presentedAccount({ id: 'b', email: 'two@example.com' }),
        ],
        {
          'GET /api/user': userAnswer({
            tier: 'snipe',
            credits: 1,
            maxAccounts: 1,
            providers: { discordId: '42' },
          }),
        },
      ).fetchStub,
    );
    renderWithProviders(<SnipeDashboard />);
    const why = await screen.findByText(/^Start Together needs two or more snipe licences/);
    expect(why.textContent).toBe(
      'Start Together needs two or more snipe licences: your plan runs one account at a time. Each Extra snipe licence (Subscription) lets one more account run at once.',
    );
    expect(within(why).getByRole('link', { name: 'Subscription' }).getAttribute('href')).toBe(
      '/subscription',
    );
    await screen.findByText('one@example.com');
    expect(screen.queryByRole('button', { name: /^Start Together/ })).toBeNull();
    expect(screen.queryByLabelText('Select one@example.com')).toBeNull();
    expect(screen.queryByLabelText('Select two@example.com')).toBeNull();
  });
});
