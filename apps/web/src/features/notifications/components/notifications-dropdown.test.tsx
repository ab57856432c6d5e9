import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keptRunNotification } from '../../../test/kept-notification';
import type * as WebHubSocketModule from '../../../lib/web-hub-socket';
import { notify } from '../../../lib/notify';
import { useAuthStore } from '../../../stores/auth-store';
import { useNotificationStore } from '../../../stores/notification-store';
import { fakeWebHubSocket } from '../../../test/fake-web-hub';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { NotificationsDropdown } from './notifications-dropdown';

const connectWebHub = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/web-hub-socket', async (importOriginal) => {
  connectWebHub.mockImplementation((await import('../../../test/fake-web-hub')).connectFakeWebHub);
  return { ...(await importOriginal<typeof WebHubSocketModule>()), connectWebHub };
});

/** An IntersectionObserver whose visibility the test decides. */
class ControlledObserver {
  static instances: ControlledObserver[] = [];
  readonly observed: Element[] = [];
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    ControlledObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {}
  unobserve() {}
  show(ratio: number) {
    const entries = this.observed.map((target) => ({
      target,
      isIntersecting: ratio > 0,
      intersectionRatio: ratio,
    }));
    this.callback(entries as unknown as IntersectionObserverEntry[], this as unknown as IntersectionObserver);
  }
}

const signIn = () =>
  useAuthStore.getState().signIn({ username: 'demo', token: 'tok', isRemembered: false, fingerprint: 'fp' });

describe('notifications', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({ 'GET /api/notification': { status: 200, body: { data: [] } } }).fetchStub,
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fakeWebHubSocket.reset();
    connectWebHub.mockClear();
    ControlledObserver.instances = [];
    useAuthStore.getState().clearSession();
    useNotificationStore.setState({ notifications: [] });
  });

  it('never counts a passing toast (a validation error) as a notification', () => {
    signIn();
    notify.error('Password: must contain at least 8 characters');
    notify.success('Account created successfully');
    expect(useNotificationStore.getState().notifications).toHaveLength(0);
    renderWithProviders(<NotificationsDropdown />);
    expect(screen.queryByTestId('unread-badge')).toBeNull();
  });

  it('shows the unread count and marks a notice read on the server once 75% of it is visible', async () => {
    vi.stubGlobal('IntersectionObserver', ControlledObserver);
    const { fetchStub, calls } = fakeFetch({
      'GET /api/notification': { status: 200, body: { data: [] } },
      'POST /api/notification/n1/read': { status: 200, body: { data: { id: 'n1' } } },
    });
    vi.stubGlobal('fetch', fetchStub);
    signIn();
    notify.kept({
      id: 'n1',
      message: 'Bought Cristiano Ronaldo for 500 (profit 5,200)',
      type: 'success',
      createdAt: '2026-01-15T12:00:00.000Z',
      isRead: false,
    });
    renderWithProviders(<NotificationsDropdown />);
    expect(screen.getByTestId('unread-badge').textContent).toBe('1');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Notifications (1 unread)' }));
    expect(screen.getByRole('dialog', { name: 'Notifications' }).textContent).toContain(
      'Bought Cristiano Ronaldo for 500 (profit 5,200)',
    );
    const observer = ControlledObserver.instances.at(-1)!;
    expect(observer.options.threshold).toBe(0.75);

    act(() => observer.show(0.5));
    expect(useNotificationStore.getState().notifications[0]!.isRead).toBe(false);
    act(() => observer.show(0.8));
    expect(useNotificationStore.getState().notifications[0]!.isRead).toBe(true);
    expect(screen.queryByTestId('unread-badge')).toBeNull();
    await waitFor(() =>
      expect(calls.some((call) => call.url === '/api/notification/n1/read' && call.method === 'POST')).toBe(
        true,
      ),
    );
  });

  it('takes a finished transfer into the bell live on any page, without a reload or the next read', async () => {
    // The server's list stays empty: whatever the bell shows came over the socket.
    signIn();
    renderWithProviders(<NotificationsDropdown />);
    // No tool page is open: the bell itself listens on both hubs.
    await waitFor(() =>
      expect(connectWebHub.mock.calls.map(([path]) => path as string).sort()).toEqual([
        '/client/snipe',
        '/client/transfer',
      ]),
    );
    act(() =>
      fakeWebHubSocket.serverSends('message', {
        action: 'notification',
        data: keptRunNotification(
          't1',
          'Transfer completed: Erling Haaland for 25,000 coins; seller@example.com received 23,750',
        ),
      }),
    );
    act(() =>
      fakeWebHubSocket.serverSends('message', {
        action: 'notification',
        data: { type: 'success', message: 'Stopping snipe for one@example.com' },
      }),
    );
    expect(screen.getByTestId('unread-badge').textContent).toBe('1');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Notifications (1 unread)' }));
    expect(screen.getByRole('dialog', { name: 'Notifications' }).textContent).toContain(
      'Transfer completed: Erling Haaland for 25,000 coins; seller@example.com received 23,750',
    );
    // A passing toast is never a notification.
    expect(useNotificationStore.getState().notifications).toHaveLength(1);
  });

  it('after a reload the list and the badge are what the server kept; Clear all clears it there', async () => {
    const kept = [
      {
        id: 'n2',
        message: 'Snipe stopped for one@example.com',
        type: 'success',
        createdAt: '2026-01-15T12:01:00.000Z',
        isRead: false,
      },
      {
        id: 'n1',
        message: 'Your sign-in code is AB12CD34',
        type: 'blank',
        createdAt: '2026-01-15T12:00:00.000Z',
        isRead: true,
      },
    ];
    const { fetchStub, calls } = fakeFetch({
      'GET /api/notification': { status: 200, body: { data: kept } },
      'DELETE /api/notification': { status: 200, body: { data: {} } },
    });
    vi.stubGlobal('fetch', fetchStub);
    signIn();
    renderWithProviders(<NotificationsDropdown />);
    await waitFor(() => expect(screen.getByTestId('unread-badge').textContent).toBe('1'));
    expect(calls[0]!.url).toBe('/api/notification');
    expect(useNotificationStore.getState().notifications.map((item) => item.message)).toEqual([
      'Snipe stopped for one@example.com',
      'Your sign-in code is AB12CD34',
    ]);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Notifications (1 unread)' }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear all' }));
    expect(useNotificationStore.getState().notifications).toEqual([]);
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
  });
});
