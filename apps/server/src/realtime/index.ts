import type { FastifyInstance } from 'fastify';

/**
 * Socket hubs (`/client/snipe`, `/client/transfer`, `/client/agent`) attach here in a later issue:
 * a Socket.IO server on `app.server`, with the Redis adapter when REDIS_URL is set so rooms span
 * server nodes. Until then this records what it would use, so start-up wiring stays final.
 */
export async function attachRealtime(app: FastifyInstance, options: { redisUrl?: string | undefined }) {
  app.log.debug(
    { category: 'realtime', redis: Boolean(options.redisUrl) },
    'socket hubs are not enabled yet',
  );
}
