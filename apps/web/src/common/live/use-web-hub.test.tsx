import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../stores/auth-store';
import { startTestHub } from '../../test/test-hub';
import { webHubPaths } from './hub-paths';
import { useWebHub } from './use-web-hub';

let hub: Awaited<ReturnType<typeof startTestHub>> | undefined;

afterEach(async () => {
  useAuthStore.getState().clearSession();
  await hub?.close();
});

const signIn = () =>
  useAuthStore
    .getState()
    .signIn({ username: 'trader', token: 'licence-token', isRemembered: false, fingerprint: 'fp' });

/** A live view that counts its resyncs and keeps what it heard. */
function liveView() {
  const view = { resyncs: 0, heard: [] as unknown[] };
  const listener = {
    onResync: () => (view.resyncs += 1),
    onMessage: (payload: unknown) => view.heard.push(payload),
  };
  return { view, listener };
}

describe('the web-hub hook', () => {
  it('gives every live view on one hub the same connection, and resynchronises each after a drop', async () => {
    hub = await startTestHub(webHubPaths.transfer);
    signIn();
    const first = liveView();
    const second = liveView();
    const { result, unmount } = renderHook(() => ({
      first: useWebHub(webHubPaths.transfer, first.listener),
      second: useWebHub(webHubPaths.transfer, second.listener),
    }));

    await waitFor(() => expect(result.current.first.status).toBe('live'));
    expect(result.current.second.status).toBe('live');
    expect(hub.handshakes).toHaveLength(1);
    expect(hub.connectedClients()).toBe(1);
    expect([first.view.resyncs, second.view.resyncs]).toEqual([0, 0]);

    hub.dropConnections();
    await waitFor(() => expect(hub?.joins()).toBe(2));
    await waitFor(() => expect([first.view.resyncs, second.view.resyncs]).toEqual([1, 1]));
    await waitFor(() => expect(result.current.first.status).toBe('live'));
    expect(hub.handshakes).toHaveLength(2);

    // Messages reach both views again over the one connection.
    hub.sendMessage('credits', { credits: 4 });
    await waitFor(() => expect(first.view.heard).toEqual([{ action: 'credits', data: { credits: 4 } }]));
    expect(second.view.heard).toEqual(first.view.heard);
    expect(result.current.first.send('transfer-sync', {})).toBe(true);

    unmount();
    await waitFor(() => expect(hub?.connectedClients()).toBe(0));
  });

  it('does not resynchronise a view that joins a connection already live', async () => {
    hub = await startTestHub(webHubPaths.snipe);
    signIn();
    const early = liveView();
    const late = liveView();
    const { result } = renderHook(() => useWebHub(webHubPaths.snipe, early.listener));
    await waitFor(() => expect(result.current.status).toBe('live'));

    const later = renderHook(() => useWebHub(webHubPaths.snipe, late.listener));

    expect(later.result.current.status).toBe('live');
    expect(hub.handshakes).toHaveLength(1);
    expect(late.view.resyncs).toBe(0);
  });

  it('opens nothing while signed out', async () => {
    hub = await startTestHub(webHubPaths.snipe);
    const { result } = renderHook(() => useWebHub(webHubPaths.snipe, {}));

    expect(result.current.send('snipe-stop', { id: 'a' })).toBe(false);
    expect(result.current.status).toBe('connecting');
    expect(hub.handshakes).toHaveLength(0);
  });
});
