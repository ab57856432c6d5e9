import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store';
import { webHubPaths } from '../../../common/live';
import { fakeFetch, QueryWrapper } from '../../../test/render';
import { startTestHub } from '../../../test/test-hub';
import { useListings } from './market-api';
import { useMarketLive } from './use-market-live';

let hub: Awaited<ReturnType<typeof startTestHub>> | undefined;

afterEach(async () => {
  useAuthStore.getState().clearSession();
  vi.unstubAllGlobals();
  await hub?.close();
});

const listing = { id: 'l-1', platform: 'ps', coins: 285_000, price: 5, accountIds: [] };

describe('the marketplace’s live updates', () => {
  it('shows what changed while the connection was down once it is back', async () => {
    hub = await startTestHub(webHubPaths.transfer);
    const answers: Record<string, { status: number; body?: unknown }> = {
      'GET /api/market/coins': { status: 200, body: { data: [] } },
    };
    vi.stubGlobal('fetch', fakeFetch(answers).fetchStub);
    useAuthStore.getState().signIn({ username: 'buyer', token: 't', isRemembered: false, fingerprint: 'fp' });
    const { result } = renderHook(
      () => {
        useMarketLive();
        return useListings();
      },
      { wrapper: QueryWrapper },
    );
    await waitFor(() => expect(result.current.data).toEqual([]));
    await hub.joined;

    // The network drops; meanwhile a listing is created, and the message about it is lost.
    hub.dropConnections();
    answers['GET /api/market/coins'] = { status: 200, body: { data: [listing] } };

    await waitFor(() => expect(result.current.data).toEqual([listing]));
    // The page reads again on its own reconnect; its join may still be on its way to the hub.
    await waitFor(() => expect(hub?.joins()).toBe(2));
  });
});
