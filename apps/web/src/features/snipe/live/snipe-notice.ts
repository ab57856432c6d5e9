import {
  formatCompactNumber,
  isFailedSnipe,
  type NotificationConfig,
  type NotificationSoundEvent,
} from '@tradedesk/domain';
import type { SnipeServerMessage } from './snipe-messages';

export type SnipeNotice = {
  kind: 'success' | 'error' | 'blank' | 'custom';
  text: string;
  /** Which configured sound to play (only when sound is on). */
  sound?: NotificationSoundEvent;
};

/**
 * What the user is told about a server message, given their notification settings: starts,
 * stops and breaks (start/stop notices), snipe results (snipe notices) and server notifications.
 */
export function snipeNoticesOf(
  message: SnipeServerMessage,
  emailOf: (accountId: string) => string,
  settings: NotificationConfig,
): SnipeNotice[] {
  const withSound = (notice: SnipeNotice): SnipeNotice => {
    if (settings.isSoundEnabled) return notice;
    const { sound: _muted, ...silent } = notice;
    return silent;
  };
  const startStop = (notices: SnipeNotice[]) => (settings.isStartStopEnabled ? notices.map(withSound) : []);
  switch (message.action) {
    // 'Starting snipe for …', 'Filter switched successfully for …' and 'Snipe stopped for …'
    // arrive as the server's own `notification` messages; these only change the table.
    case 'snipe-started':
    case 'filter-switched':
      return [];
    case 'stop': {
      const isCaptcha = /captcha/i.test(message.data.reason);
      const reason: SnipeNotice = {
        kind: 'custom',
        text: message.data.reason,
        sound: isCaptcha ? 'captcha' : 'snipeError',
      };
      return message.data.reason ? [withSound(reason)] : [];
    }
    case 'break-start':
      return startStop([
        {
          kind: 'custom',
          text: `Break started for ${emailOf(message.data.accountId)}`,
          sound: 'snipeSuccess',
        },
      ]);
    case 'break-end':
      return startStop([
        { kind: 'custom', text: `Break ended for ${emailOf(message.data.accountId)}`, sound: 'snipeSuccess' },
      ]);
    case 'snipe-result': {
      if (!settings.isSnipesEnabled) return [];
      const report = message.data;
      const notice: SnipeNotice = isFailedSnipe(report)
        ? {
            kind: 'error',
            text: `Failed to buy ${report.playerName} (error ${report.errorCode})`,
            sound: 'snipeError',
          }
        : {
            kind: 'success',
            text: `Bought ${report.playerName} for ${formatCompactNumber(report.buyPrice)} (profit ${formatCompactNumber(report.value)})`,
            sound: 'snipeSuccess',
          };
      return [withSound(notice)];
    }
    case 'notification':
      return [{ kind: message.data.type, text: message.data.message }];
    default:
      return [];
  }
}
