import { z } from 'zod';
import { notificationKindSchema } from '../enums/notification.js';
import { nonNegativeIntLike } from './common.js';

/** An in-app notification; timestamp in epoch milliseconds. */
export const notificationSchema = z.object({
  message: z.string(),
  type: notificationKindSchema,
  timestamp: nonNegativeIntLike(),
  isRead: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;
