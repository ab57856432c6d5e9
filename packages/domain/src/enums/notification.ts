import { z } from 'zod';
import { optionsOf } from './options.js';

/** Types of server log messages (chat webhook). */
export const notificationTypeValues = [
  'INFO',
  'ERROR',
  'DEBUG',
  'CRON',
  'PRICE',
  'SUCCESS',
  'SBC',
  'BREAK_START',
  'BREAK_END',
] as const;
export const notificationTypeSchema = z.enum(notificationTypeValues);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

/** Chat embed colours: info blurple, breaks navy, success green, error red (Discord palette). */
export const notificationColors: Record<'info' | 'break' | 'success' | 'error', number> = {
  info: 0x5865f2,
  break: 0x000080,
  success: 0x57f287,
  error: 0xed4245,
};

/** The chat embed colour of a server log message type. */
export function notificationColorOf(type: NotificationType): number {
  if (type === 'ERROR') return notificationColors.error;
  if (type === 'SUCCESS' || type === 'SBC') return notificationColors.success;
  if (type === 'BREAK_START' || type === 'BREAK_END') return notificationColors.break;
  return notificationColors.info;
}

/** Kinds of in-app notifications and toasts. */
export const notificationKindValues = ['success', 'error', 'custom', 'blank'] as const;
export const notificationKindSchema = z.enum(notificationKindValues);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

export const soundValues = [
  'coin',
  'drum',
  'captcha',
  'car-siren',
  'kaching',
  'military-siren',
  'mystical-chimes',
  'nuclear-buzzer',
] as const;
export const soundSchema = z.enum(soundValues);
export type Sound = z.infer<typeof soundSchema>;
export const soundLabels: Record<Sound, string> = {
  coin: 'Coin',
  drum: 'Drum',
  captcha: 'Captcha',
  'car-siren': 'Car siren',
  kaching: 'Kaching',
  'military-siren': 'Military siren',
  'mystical-chimes': 'Mystical chimes',
  'nuclear-buzzer': 'Nuclear buzzer',
};
export const soundOptions = optionsOf(soundLabels);

export const screenshotValues = ['none', 'buyer', 'seller', 'both'] as const;
export const screenshotSchema = z.enum(screenshotValues);
export type Screenshot = z.infer<typeof screenshotSchema>;
export const screenshotLabels: Record<Screenshot, string> = {
  none: 'None',
  buyer: 'Buyer',
  seller: 'Seller',
  both: 'Both',
};
export const screenshotOptions = optionsOf(screenshotLabels);
