import { idText } from '@tradedesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerOf, emptyAnswer } from '../../lib/answer.js';
import type { ProtectedModuleOptions } from '../protected.js';
import { presentedNotificationSchema, presentNotification } from './presenter.js';
import { createNotificationService } from './service.js';
import { routesAreFor } from '../../lib/audience.js';

const listQuery = z.object({
  /** The newest `createdAt` the client already holds: only later ones are answered. */
  since: z.string().datetime({ offset: true, message: 'since must be an ISO date-time' }).optional(),
});
const idParams = z.object({ id: idText() });
const listAnswer = answerOf(z.array(presentedNotificationSchema));
const markedAnswer = answerOf(z.object({ id: z.string() }));

/**
 * /api/notification: what the server kept for the signed-in user (run events, purchases, breaks,
 * run errors, sandbox sign-in codes), newest first. The web's list and badge are this list.
 */
export const notificationRoutes: FastifyPluginAsyncZod<ProtectedModuleOptions> = async (
  app,
  { ctx, requireUser },
) => {
  routesAreFor(app, 'session');
  app.addHook('onRequest', requireUser);
  const notifications = createNotificationService(ctx);

  app.get('/', { schema: { querystring: listQuery, response: { 200: listAnswer } } }, async (request) => {
    const rows = await notifications.latestOf(request.user.id, request.query.since);
    return { data: rows.map(presentNotification) };
  });

  app.post(
    '/:id/read',
    { schema: { params: idParams, response: { 200: markedAnswer } } },
    async (request) => {
      return { data: { id: await notifications.markRead(request.user.id, request.params.id) } };
    },
  );

  app.post('/read', { schema: { response: { 200: emptyAnswer } } }, async (request) => {
    await notifications.markAllRead(request.user.id);
    return { data: {} };
  });

  app.delete('/', { schema: { response: { 200: emptyAnswer } } }, async (request) => {
    await notifications.clear(request.user.id);
    return { data: {} };
  });
};
