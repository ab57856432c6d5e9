import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store';
import { fakeFetch, QueryWrapper } from '../../../test/render';
import { startTestHub } from '../../../test/test-hub';
import { webHubPaths } from '../../../shared/live';
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
});
