import { serverModule } from '../../lib/server-module.js';
import { protectedOptions } from '../protected.js';
import { createChatNotifier, type ChatNotifier, type ChatOptions } from './notifier.js';
import { webhookRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The chat webhook service (the socket layer posts run messages through it too). */
    chat: ChatNotifier;
  }
}

/** The chat webhook service: /api/webhook, and `app.chat` for the runs' own messages. */
export const webhookModule = serverModule<{ chat?: ChatOptions | undefined }>(
  'webhook',
  ['auth', 'live-events'],
  async (app, options) => {
    const chat = createChatNotifier(
      app.appContext,
      options.chat ?? {},
      (error) =>
        app.log.warn(
          { category: 'chat', err: error instanceof Error ? error.message : String(error) },
          'chat delivery',
        ),
      app.liveEvents,
    );
    app.decorate('chat', chat);
    app.addHook('preClose', () => chat.close());
    await app.register(webhookRoutes, { prefix: '/api/webhook', ...protectedOptions(app), chat });
  },
);
