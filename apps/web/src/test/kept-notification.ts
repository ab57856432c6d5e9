/** A run's notification as the server keeps and sends it (socket `notification`): unread, with its id and time. */
export const keptRunNotification = (id: string, message: string) => ({
  id,
  message,
  type: 'success',
  createdAt: '2026-11-30T10:00:00.000Z',
  isRead: false,
  topic: 'run',
});
