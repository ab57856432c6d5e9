import { describe, expect, it } from 'vitest';
import { NOTIFICATION_CAP, addNotification, sortNewestFirst, unreadCount } from './notifications.js';

interface Note {
  message: string;
  timestamp: number;
  isRead: boolean;
}

const note = (n: number, isRead = false): Note => ({ message: `note ${n}`, timestamp: n * 1_000, isRead });
const notes = (count: number): Note[] => Array.from({ length: count }, (_, index) => note(index + 1));

describe('addNotification', () => {
  it('adds to the front, newest first, without touching the old list', () => {
    const list = notes(3);
    const next = addNotification(list, note(10));
    expect(next.map((n) => n.message)).toEqual(['note 10', 'note 3', 'note 2', 'note 1']);
    expect(list).toHaveLength(3);
  });

  it('grows until the cap of 25', () => {
    expect(NOTIFICATION_CAP).toBe(25);
    expect(addNotification(notes(23), note(100))).toHaveLength(24);
    expect(addNotification(notes(24), note(100))).toHaveLength(25);
  });

  it('keeps the newest 24 when full, then adds the new one', () => {
    const next = addNotification(notes(25), note(100));
    expect(next).toHaveLength(25);
    expect(next[0]?.message).toBe('note 100');
    expect(next.map((n) => n.message)).not.toContain('note 1');
    expect(next.at(-1)?.message).toBe('note 2');
  });

  it('trims an over-full list back to the cap', () => {
    const next = addNotification(notes(40), note(100));
    expect(next).toHaveLength(25);
    expect(next.at(-1)?.message).toBe('note 17');
  });

  it('rejects a notification without a valid time and leaves the list as it was', () => {
    const list = notes(2);
    expect(() => addNotification(list, { message: 'x', timestamp: Number.NaN, isRead: false })).toThrow(
      'notification timestamp is not a valid time: NaN',
    );
    expect(list).toHaveLength(2);
  });
});

describe('sortNewestFirst and unreadCount', () => {
  it('orders by time, accepting epoch ms, ISO text and dates', () => {
    const mixed = [
      { id: 'a', timestamp: '2026-01-01T10:00:00Z' },
      { id: 'b', timestamp: Date.UTC(2026, 0, 1, 12) },
      { id: 'c', timestamp: new Date(Date.UTC(2026, 0, 1, 11)) },
    ];
    expect(sortNewestFirst(mixed).map((n) => n.id)).toEqual(['b', 'c', 'a']);
  });

  it('counts the unread notifications for the badge', () => {
    expect(unreadCount([note(1, true), note(2), note(3)])).toBe(2);
    expect(unreadCount([])).toBe(0);
  });
});
