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
    case 'snipe-started':
      return [{ kind: 'success', text: `Starting snipe for ${emailOf(message.data.accountId)}` }];
    case 'filter-switched':
      return [
        { kind: 'success', text: `Filter switched successfully for ${emailOf(message.data.accountId)}` },
      ];
    case 'stop': {
      const email = emailOf(message.data.accountId);
      const isCaptcha = /captcha/i.test(message.data.reason);
      const stopped: SnipeNotice = { kind: 'success', text: `Snipe stopped for ${email}` };
      const reason: SnipeNotice = {
        kind: 'custom',
        text: message.data.reason,
        sound: isCaptcha ? 'captcha' : 'snipeError',
      };
      return message.data.reason ? [stopped, withSound(reason)] : [stopped];
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
