import { defaultNotificationConfig, followUpNotice, purchaseNotice } from '@tradedesk/domain';
import { describe, expect, it } from 'vitest';
import { snipeServerMessageSchema } from './snipe-messages';
import { snipeNoticeOf } from './snipe-notice';

/** A kept notification as the server sends it, read the way the dashboard reads it. */
const kept = (id: string, message: string, topic: string) =>
  snipeServerMessageSchema.parse({
    action: 'notification',
    data: { id, createdAt: '2026-11-28T10:00:00.000Z', type: 'success', message, topic },
  });

describe('snipe notices', () => {
  it('toasts a purchase once: its follow-up goes into the list without a second toast', () => {
    const settings = defaultNotificationConfig();
    const notices = [
      kept('n1', purchaseNotice({ playerName: 'Cristiano Ronaldo', buyPrice: 700, value: 300 }), 'snipe'),
      kept('n2', followUpNotice('Cristiano Ronaldo', 'club', 0), 'follow-up'),
    ].map((message) => snipeNoticeOf(message, settings));

    expect(notices.map((notice) => notice.kept?.notification.id)).toEqual(['n1', 'n2']);
    expect(notices.filter((notice) => notice.kept && !notice.kept.quiet)).toHaveLength(1);
  });
});
