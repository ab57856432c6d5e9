import { beforeEach, describe, expect, it } from 'vitest';
import { selectUnreadCount, useNotificationStore } from './notification-store';

const store = () => useNotificationStore.getState();
const kept = (index: number, isRead = false) => ({
  id: `n${index}`,
  message: `notice ${index}`,
  type: 'error' as const,
  createdAt: new Date(1_000 + index).toISOString(),
  isRead,
});
const add = (count: number, from = 0) => {
  for (let index = from; index < from + count; index += 1) store().keep([kept(index)]);
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

  it('adds a notification once however often the server or the socket sends it', () => {
    store().keep([kept(1), kept(2)]);
    store().keep([kept(2), kept(1)]);
    expect(store().notifications.map((item) => item.id)).toEqual(['n2', 'n1']);
    store().keep([kept(1, true)]);
    expect(selectUnreadCount(store())).toBe(1);
  });

  it('marks one notification read and lowers the unread count', () => {
    add(3);
    const [newest] = store().notifications;
    store().markRead(newest!.id);
    expect(store().notifications[0]!.isRead).toBe(true);
    expect(selectUnreadCount(store())).toBe(2);
  });
});
