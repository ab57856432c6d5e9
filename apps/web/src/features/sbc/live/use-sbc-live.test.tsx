import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { useAuthStore } from '../../../stores/auth-store';
import { fakeFetch } from '../../../test/render';
import { startTestHub } from '../../../test/test-hub';
import { useSbcLive } from './use-sbc-live';

let hub: Awaited<ReturnType<typeof startTestHub>> | undefined;

afterEach(async () => {
  useAuthStore.getState().clearSession();
  vi.unstubAllGlobals();
  await hub?.close();
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={createQueryClient({ onUnauthorized: () => undefined })}>
    {children}
  </QueryClientProvider>
);

describe('the SBC solver’s live connection', () => {
  it('connects to its tier’s hub for a user signed in with a one-time code (no licence token)', async () => {
    hub = await startTestHub('/client/transfer');
    const user = { id: 'u1', username: 'coder', tier: 'transfer', roles: ['user'] };
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/user': { status: 200, body: { data: user } } }).fetchStub);
    useAuthStore.getState().signIn({ username: 'coder', token: '', isRemembered: false, fingerprint: 'fp' });

    const { unmount } = renderHook(() => useSbcLive(), { wrapper });

    expect(await hub.joined).toEqual({ token: '', clientType: 'web' });
    unmount();
  });
});
