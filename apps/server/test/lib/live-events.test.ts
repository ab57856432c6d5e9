import { describe, expect, it } from 'vitest';
import { createLiveEvents } from '../../src/lib/live-events.js';

describe('the live events bus', () => {
  it('hands each announcement to every listener until it stops listening; a failing listener stops no other', () => {
    const errors: unknown[] = [];
    const bus = createLiveEvents((error) => errors.push(error));
    const heard: string[] = [];
    bus.on('chatNoticeKept', () => {
      throw new Error('a hub that failed');
    });
    const stop = bus.on('chatNoticeKept', (userId, notification) =>
      heard.push(`${userId}:${notification.message}`),
    );

    const notice = { message: 'Your chat webhook is failing' } as Parameters<
      Parameters<typeof bus.on<'chatNoticeKept'>>[1]
    >[1];
    bus.emit('chatNoticeKept', 'user-1', notice);
    stop();
    bus.emit('chatNoticeKept', 'user-2', notice);

    expect(heard).toEqual(['user-1:Your chat webhook is failing']);
    // The failing listener still listens: it failed both times, reported each time.
    expect(errors).toEqual([new Error('a hub that failed'), new Error('a hub that failed')]);
  });
});
