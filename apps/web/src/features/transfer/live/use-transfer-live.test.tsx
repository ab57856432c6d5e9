import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store';
import { useTransferStore } from '../../../stores/transfer-store';
import { fakeFetch, QueryWrapper } from '../../../test/render';
import { startTestHub } from '../../../test/test-hub';
import { webHubPaths } from '../../../common/live';
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
});
