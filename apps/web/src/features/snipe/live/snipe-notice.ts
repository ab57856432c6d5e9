import { successMessages, type NotificationConfig, type NotificationSoundEvent } from '@tradedesk/domain';
import type { ServerNotification } from '../../../stores/notification-store';
import type { SnipeServerMessage } from './snipe-messages';

/**
 * What one server message does for the user, given their notification settings: a notification
 * the server kept (into the list; toasted unless its switch is off), a passing toast, a sound.
 */
export type SnipeNotice = {
  kept?: { notification: ServerNotification; quiet: boolean };
  toast?: { kind: ServerNotification['type']; text: string };
  /** Which configured sound to play (only when sound is on). */
  sound?: NotificationSoundEvent;
};

/**
 * Run events only make sounds here: their texts (purchases, breaks, stops and why) arrive as the
 * server's kept `notification`s, so the list after a reload holds what was shown live.
 */
export function snipeNoticeOf(message: SnipeServerMessage, settings: NotificationConfig): SnipeNotice {
  const sound = (event: NotificationSoundEvent, enabled = true): SnipeNotice =>
    settings.isSoundEnabled && enabled ? { sound: event } : {};
  switch (message.action) {
    case 'stop':
      if (!message.data.reason) return {};
      return sound(/captcha/i.test(message.data.reason) ? 'captcha' : 'snipeError');
    case 'break-start':
    case 'break-end':
      return sound('snipeSuccess', settings.isStartStopEnabled);
    case 'snipe-result':
      return sound(
        message.data.errorCode === undefined ? 'snipeSuccess' : 'snipeError',
        settings.isSnipesEnabled,
      );
    case 'notification': {
      const { id, createdAt, isRead, topic, type, message: text } = message.data;
      if (id === undefined || createdAt === undefined) return { toast: { kind: type, text } };
      // A follow-up is listed, not toasted: its purchase's toast was the one for that card.
      const isMuted =
        topic === 'follow-up' ||
        (topic === 'snipe' && !settings.isSnipesEnabled) ||
        (topic === 'break' && !settings.isStartStopEnabled);
      return {
        kept: {
          notification: { id, message: text, type, createdAt, isRead: isRead ?? false },
          quiet: isMuted,
        },
      };
    }
    case 'webapp-launched':
      return { toast: { kind: 'success', text: successMessages.launchedWebapp } };
    default:
      return {};
  }
}
