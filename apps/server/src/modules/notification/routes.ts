import type { NotificationKind } from '@tradedesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ProtectedModuleOptions } from '../protected.js';
import { notificationRepo } from './repo.js';

const listQuery = z.object({
  /** The newest `createdAt` the client already holds: only later ones are answered. */
  since: z.string().datetime({ offset: true, message: 'since must be an ISO date-time' }).optional(),
});

/** Server notification types (spec 000 §3) shown with the web's toast kinds (spec 001 §3). */
const kindOf = (type: string): NotificationKind =>
  type === 'ERROR' ? 'error' : type === 'SUCCESS' ? 'success' : 'blank';

/**
 * /api/notification: notices the server kept for the signed-in user (in the sandbox, one-time
 * sign-in codes), newest first, which the web merges into its notification list.
 */
export const notificationRoutes: FastifyPluginAsyncZod<ProtectedModuleOptions> = async (
  app,
  { ctx, requireUser },
) => {
  app.addHook('onRequest', requireUser);

  app.get('/', { schema: { querystring: listQuery } }, async (request) => {
    const { since } = request.query;
    const rows = await notificationRepo.latestOf(
      ctx.db,
      request.user.id,
      since ? new Date(since) : undefined,
    );
    return {
      data: rows.map((row) => ({
        id: row.id,
        message: row.message,
        type: kindOf(row.type),
        createdAt: row.createdAt.toISOString(),
        isRead: row.isRead,
      })),
    };
  });
};
