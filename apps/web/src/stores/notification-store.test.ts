import { beforeEach, describe, expect, it } from 'vitest';
import { selectUnreadCount, useNotificationStore } from './notification-store';

const store = () => useNotificationStore.getState();
const add = (count: number, from = 0) => {
  for (let index = from; index < from + count; index += 1) {
    store().addNotification({ message: `notice ${index}`, type: 'error', timestamp: 1_000 + index });
  }
};

describe('notification store', () => {
  beforeEach(() => store().clearNotifications());

  it('lists the newest notification first, unread', () => {
    add(2);
    expect(store().notifications.map((item) => item.message)).toEqual(['notice 1', 'notice 0']);
    expect(selectUnreadCount(store())).toBe(2);
  });

  it('holds at most 25: when full it keeps the newest 24 and adds the new one', () => {
    add(25);
    expect(store().notifications).toHaveLength(25);
    add(1, 25);
    const messages = store().notifications.map((item) => item.message);
    expect(messages).toHaveLength(25);
    expect(messages[0]).toBe('notice 25');
    expect(messages).not.toContain('notice 0');
    expect(messages.at(-1)).toBe('notice 1');
  });

  it('marks one notification read and lowers the unread count', () => {
    add(3);
    const [newest] = store().notifications;
    store().markRead(newest!.id);
    expect(store().notifications[0]!.isRead).toBe(true);
    expect(selectUnreadCount(store())).toBe(2);
  });

  it('persists the list in local storage', () => {
    add(1);
    const saved = JSON.parse(localStorage.getItem('tradedesk-notifications') ?? '{}') as {
      state: { notifications: { message: string }[] };
    };
    expect(saved.state.notifications.map((item) => item.message)).toEqual(['notice 0']);
  });
});
