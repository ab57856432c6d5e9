import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keptRunNotification } from '../../../test/kept-notification';
import { useAuthStore } from '../../../stores/auth-store';
import { useNotificationStore } from '../../../stores/notification-store';
import { useTransferStore } from '../../../stores/transfer-store';
import { fakeFetch, QueryWrapper } from '../../../test/render';
import { startTestHub } from '../../../test/test-hub';
import { webHubPaths } from '../../../common/live';
import { useSellerClub } from '../api/get-seller-club';
import { useTransferLive } from './use-transfer-live';

let hub: Awaited<ReturnType<typeof startTestHub>> | undefined;

afterEach(async () => {
  useAuthStore.getState().clearSession();
  vi.unstubAllGlobals();
  await hub?.close();
});

describe('the transfer page’s live connection', () => {
  it('connects and joins for a user signed in with a one-time code (no licence token)', async () => {
    hub = await startTestHub(webHubPaths.transfer);
    vi.stubGlobal('fetch', fakeFetch({}).fetchStub);
    useAuthStore.getState().signIn({ username: 'coder', token: '', isRemembered: false, fingerprint: 'fp' });

    const { unmount } = renderHook(() => useTransferLive(), { wrapper: QueryWrapper });

    expect(await hub.joined).toEqual({ token: '', clientType: 'web' });
    unmount();
  });

  it('adds to the Current Session total only for a transfer with auto-list on', async () => {
    hub = await startTestHub(webHubPaths.transfer);
    vi.stubGlobal('fetch', fakeFetch({}).fetchStub);
    useTransferStore.setState({ sessionTotal: 0 });
    useAuthStore.getState().signIn({ username: 'coder', token: '', isRemembered: false, fingerprint: 'fp' });
    const { result, unmount } = renderHook(() => useTransferLive(), { wrapper: QueryWrapper });
    await hub.joined;
    const finished = (enableAutoList: boolean) => ({
      price: 100_000,
      filter: { player: { enableAutoList } },
    });

    hub.sendMessage('transfer-success', finished(false));
    await waitFor(() => expect(result.current.progress.steps.result.status).toBe('success'));
    expect(useTransferStore.getState().sessionTotal).toBe(0);

    hub.sendMessage('transfer-success', finished(true));
    await waitFor(() => expect(useTransferStore.getState().sessionTotal).toBe(95_000));
    unmount();
  });

  it('reads the seller’s tradeable players again after a successful transfer (the sold copy leaves them)', async () => {
    hub = await startTestHub(webHubPaths.transfer);
    const club = { accountId: 's1', readAt: '2026-11-30T10:00:00.000Z', isReading: false, cards: [] };
    const fake = fakeFetch({ 'GET /api/sbc/club/s1': { status: 200, body: { data: club } } });
    vi.stubGlobal('fetch', fake.fetchStub);
    useAuthStore.getState().signIn({ username: 'coder', token: '', isRemembered: false, fingerprint: 'fp' });
    const clubReads = () => fake.calls.filter((call) => call.url.endsWith('/api/sbc/club/s1')).length;
    const { unmount } = renderHook(
      () => {
        useSellerClub('s1');
        return useTransferLive();
      },
      { wrapper: QueryWrapper },
    );
    await hub.joined;
    await waitFor(() => expect(clubReads()).toBe(1));

    hub.sendMessage('transfer-success', { price: 100_000, filter: { player: { enableAutoList: false } } });
    await waitFor(() => expect(clubReads()).toBe(2));
    unmount();
  });

  it('leaves the server’s record of a finished transfer to the bell, and shows the result itself', async () => {
    hub = await startTestHub(webHubPaths.transfer);
    vi.stubGlobal('fetch', fakeFetch({}).fetchStub);
    useNotificationStore.getState().clearNotifications();
    useAuthStore.getState().signIn({ username: 'coder', token: '', isRemembered: false, fingerprint: 'fp' });
    const { result, unmount } = renderHook(() => useTransferLive(), { wrapper: QueryWrapper });
    await hub.joined;
    const message = 'Transfer completed: Bruma for 5,000 coins; Seller received 4,750';
    hub.sendMessage('notification', keptRunNotification('n-1', message));
    hub.sendMessage('transfer-success', { price: 5_000, filter: { player: { enableAutoList: false } } });
    // Messages arrive in order: once the result shows, the kept record came before it.
    await waitFor(() => expect(result.current.progress.steps.result.status).toBe('success'));
    // The bell's own listener (useLiveNotifications) keeps it; the page takes it in no second time.
    expect(useNotificationStore.getState().notifications).toEqual([]);
    unmount();
  });
});
