import { act, renderHook, waitFor } from '@testing-library/react';
import { defaultSolverSettings, solverStartingMessage } from '@tradedesk/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keptRunNotification } from '../../../test/kept-notification';
import { useAuthStore } from '../../../stores/auth-store';
import { useNotificationStore } from '../../../stores/notification-store';
import { fakeFetch, QueryWrapper } from '../../../test/render';
import { startTestHub } from '../../../test/test-hub';
import { progressAfterJoin, useSbcLive } from './use-sbc-live';

let hub: Awaited<ReturnType<typeof startTestHub>> | undefined;

afterEach(async () => {
  useAuthStore.getState().clearSession();
  useNotificationStore.getState().clearNotifications();
  vi.unstubAllGlobals();
  await hub?.close();
});

/** The hook for a Snipe-plan user signed in with a licence token, once it joined the hub. */
async function renderSignedInAsSnipeTrader() {
  const opened = await startTestHub('/client/snipe');
  hub = opened;
  const user = { id: 'u1', username: 'trader', tier: 'snipe', roles: ['user'] };
  vi.stubGlobal('fetch', fakeFetch({ 'GET /api/user': { status: 200, body: { data: user } } }).fetchStub);
  useAuthStore.getState().signIn({ username: 'trader', token: 't', isRemembered: false, fingerprint: 'fp' });
  const rendered = renderHook(() => useSbcLive(), { wrapper: QueryWrapper });
  await opened.joined;
  return { ...rendered, liveHub: opened };
}

describe('the SBC solver’s live connection', () => {
  it('connects to its tier’s hub for a user signed in with a one-time code (no licence token)', async () => {
    hub = await startTestHub('/client/transfer');
    const user = { id: 'u1', username: 'coder', tier: 'transfer', roles: ['user'] };
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/user': { status: 200, body: { data: user } } }).fetchStub);
    useAuthStore.getState().signIn({ username: 'coder', token: '', isRemembered: false, fingerprint: 'fp' });

    const { unmount } = renderHook(() => useSbcLive(), { wrapper: QueryWrapper });

    expect(await hub.joined).toEqual({ token: '', clientType: 'web' });
    unmount();
  });

  it('shows the account as starting from Start until the server answers', async () => {
    const { result, unmount, liveHub } = await renderSignedInAsSnipeTrader();

    await waitFor(() => expect(result.current.progress).toEqual({}));
    act(() => {
      result.current.start({ ...defaultSolverSettings(), account: { id: 'acc-1' }, solutions: [] });
    });
    expect(result.current.progress['acc-1']?.steps.at(-1)?.text).toBe(solverStartingMessage);

    liveHub.sendMessage('SBC_NOTIFICATION', {
      accountId: 'acc-1',
      runId: 'run-1',
      description: 'SBC solver started',
    });
    await waitFor(() =>
      expect(result.current.progress['acc-1']?.steps.at(-1)?.text).toBe('SBC solver started'),
    );
    expect(result.current.progress['acc-1']?.isRunning).toBe(true);
    unmount();
  });

  it('leaves the server’s record of a finished run to the bell, and shows the run’s own end', async () => {
    const { result, unmount, liveHub } = await renderSignedInAsSnipeTrader();
    const message = 'Successfully solved SBC with 2,450 coins for club@example.com';
    liveHub.sendMessage('notification', keptRunNotification('n-1', message));
    liveHub.sendMessage('SBC_FINISH_SOLVER', { accountId: 'acc-1', description: message });
    // Messages arrive in order: once the run's end shows, the kept record came before it.
    await waitFor(() =>
      expect(result.current.progress['acc-1']).toEqual({
        isRunning: false,
        steps: [{ text: message, tone: 'success' }],
      }),
    );
    // The bell's own listener (useLiveNotifications) keeps it; the page takes it in no second time.
    expect(useNotificationStore.getState().notifications).toEqual([]);
    unmount();
  });

  it('shows a refused start in its row, not "Starting the solver…" for good', async () => {
    const { result, unmount, liveHub } = await renderSignedInAsSnipeTrader();
    await waitFor(() => expect(result.current.progress).toEqual({}));

    act(() => {
      result.current.readClub('acc-1');
      result.current.start({ ...defaultSolverSettings(), account: { id: 'acc-2' }, solutions: [] });
    });
    // The club read is answered first; the refusal then answers the start.
    liveHub.sendMessage('SBC_CLUB', { accountId: 'acc-1', ok: true, cards: 30 });
    liveHub.sendError('The SBC solver is already running on this account');
    await waitFor(() =>
      expect(result.current.progress['acc-2']?.steps.at(-1)).toEqual({
        text: 'The SBC solver is already running on this account',
        tone: 'error',
      }),
    );
    expect(result.current.progress['acc-2']?.isRunning).toBe(false);
    expect(result.current.progress['acc-1']).toBeUndefined();
    unmount();
  });
});

describe('solver progress after a reload', () => {
  it("shows each running run's steps as the server kept them, and ends runs it no longer has", () => {
    const before = {
      finished: { isRunning: true, steps: [{ text: 'SBC solver started', tone: 'success' as const }] },
    };
    const progress = progressAfterJoin(before, [
      {
        accountId: 'acc-1',
        runId: 'run-1',
        steps: [
          { text: 'SBC solver started', tone: 'success' },
          { text: 'Bought Kane for 1,200 coins', tone: 'info' },
        ],
      },
    ]);
    expect(progress).toEqual({
      'acc-1': {
        isRunning: true,
        steps: [
          { text: 'SBC solver started', tone: 'success' },
          { text: 'Bought Kane for 1,200 coins', tone: 'info' },
        ],
      },
      finished: { isRunning: false, steps: [{ text: 'SBC solver started', tone: 'success' }] },
    });
  });

  it('keeps what it shows when the message is malformed', () => {
    const before = { 'acc-1': { isRunning: true, steps: [] } };
    expect(progressAfterJoin(before, [{ accountId: 3 }])).toEqual(before);
  });
});
