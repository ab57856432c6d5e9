import { act, renderHook, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as WebHubSocketModule from '../../../lib/web-hub-socket';
import { useAuthStore } from '../../../stores/auth-store';
import { useNotificationStore } from '../../../stores/notification-store';
import { fakeWebHubSocket } from '../../../test/fake-web-hub';
import { keptRunNotification } from '../../../test/kept-notification';
import { fakeFetch, QueryWrapper } from '../../../test/render';
import { useLiveNotifications } from './use-live-notifications';

const connectWebHub = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/web-hub-socket', async (importOriginal) => {
  connectWebHub.mockImplementation((await import('../../../test/fake-web-hub')).connectFakeWebHub);
  return { ...(await importOriginal<typeof WebHubSocketModule>()), connectWebHub };
});

/** The bell's listener for a signed-in user, once it listens on both web hubs. */
async function renderBellListener() {
  vi.stubGlobal('fetch', fakeFetch({}).fetchStub);
  useAuthStore.getState().signIn({ username: 'trader', token: 't', isRemembered: false, fingerprint: 'fp' });
  const rendered = renderHook(() => useLiveNotifications(), { wrapper: QueryWrapper });
  await waitFor(() => expect(connectWebHub).toHaveBeenCalledTimes(2));
  return rendered;
}

const serverSendsKept = (id: string, message: string) =>
  act(() =>
    fakeWebHubSocket.serverSends('message', {
      action: 'notification',
      data: keptRunNotification(id, message),
    }),
  );

describe('the bell’s live listener', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    fakeWebHubSocket.reset();
    connectWebHub.mockClear();
    useAuthStore.getState().clearSession();
    useNotificationStore.getState().clearNotifications();
  });

  it('keeps the server’s record of a finished SBC run in the list, quietly (the SBC page toasts its own)', async () => {
    const toasts = vi.spyOn(toast, 'success');
    const { unmount } = await renderBellListener();
    const message = 'Successfully solved SBC with 2,450 coins for club@example.com';

    serverSendsKept('n-1', message);

    expect(useNotificationStore.getState().notifications).toEqual([
      expect.objectContaining({ id: 'n-1', message, type: 'success', isRead: false }),
    ]);
    expect(toasts).not.toHaveBeenCalled();
    unmount();
  });

  it('keeps the server’s record of a finished transfer in the list once, however many hubs carry it', async () => {
    const { unmount } = await renderBellListener();
    const message = 'Transfer completed: Bruma for 5,000 coins; Seller received 4,750';

    // One socket stands for both hubs here: each of the bell's two listeners hears it.
    serverSendsKept('n-2', message);

    expect(useNotificationStore.getState().notifications.map((kept) => kept.message)).toEqual([message]);
    unmount();
  });
});
