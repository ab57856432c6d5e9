import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify';
import { useAuthStore } from '../../../stores/auth-store';
import { useNotificationStore } from '../../../stores/notification-store';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { NotificationsDropdown } from './notifications-dropdown';

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
    ControlledObserver.instances = [];
    useAuthStore.getState().clearSession();
    useNotificationStore.setState({ notifications: [], serverCursors: {} });
  });

  it('keeps error toasts as notifications only while signed in', () => {
    notify.error('Unable to select latest filters');
    expect(useNotificationStore.getState().notifications).toHaveLength(0);
    signIn();
    notify.error('Failed to fetch updated filters');
    expect(useNotificationStore.getState().notifications.map((item) => [item.message, item.type])).toEqual([
      ['Failed to fetch updated filters', 'error'],
    ]);
  });

  it('shows the unread count and marks a notice read once 75% of it is visible in the open list', async () => {
    vi.stubGlobal('IntersectionObserver', ControlledObserver);
    signIn();
    notify.error('Failed to fetch market prices');
    renderWithProviders(<NotificationsDropdown />);
    expect(screen.getByTestId('unread-badge').textContent).toBe('1');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Notifications (1 unread)' }));
    expect(screen.getByRole('dialog', { name: 'Notifications' }).textContent).toContain(
      'Failed to fetch market prices',
    );
    const observer = ControlledObserver.instances.at(-1)!;
    expect(observer.options.threshold).toBe(0.75);

    act(() => observer.show(0.5));
    expect(useNotificationStore.getState().notifications[0]!.isRead).toBe(false);
    act(() => observer.show(0.8));
    expect(useNotificationStore.getState().notifications[0]!.isRead).toBe(true);
    expect(screen.queryByTestId('unread-badge')).toBeNull();
  });

  it('brings in the notifications the server kept (a sandbox sign-in code), once, and never a cleared one again', async () => {
    const kept = {
      id: 'n1',
      message: 'Your sign-in code is AB12CD34',
      type: 'blank',
      createdAt: '2026-01-15T12:00:00.000Z',
      isRead: false,
    };
    const { fetchStub, calls } = fakeFetch({
      'GET /api/notification': { status: 200, body: { data: [kept] } },
    });
    vi.stubGlobal('fetch', fetchStub);
    signIn();
    const first = renderWithProviders(<NotificationsDropdown />);
    await waitFor(() => expect(screen.getByTestId('unread-badge').textContent).toBe('1'));
    expect(calls[0]!.url).toBe('/api/notification');
    first.unmount();

    // The next poll asks only for what is newer; an answer repeating the same notice adds nothing.
    renderWithProviders(<NotificationsDropdown />);
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.url).toBe(`/api/notification?since=${encodeURIComponent(kept.createdAt)}`);
    await waitFor(() => expect(useNotificationStore.getState().notifications).toHaveLength(1));
    expect(useNotificationStore.getState().notifications[0]!.message).toBe('Your sign-in code is AB12CD34');

    act(() => useNotificationStore.getState().clearNotifications());
    renderWithProviders(<NotificationsDropdown />);
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(useNotificationStore.getState().notifications).toEqual([]);
    expect(screen.queryByTestId('unread-badge')).toBeNull();
  });
});
