import { unstorablePayloadMessage } from '@tradedesk/domain';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { z } from 'zod';
import { sessionCookie } from '../lib/session.js';
import { presentAccount } from '../modules/account/presenter.js';
import { accountRepo } from '../modules/account/repo.js';
import type { AuthService } from '../modules/auth/service.js';
import { userRoom } from '../modules/snipe/publisher.js';
import { originCheck } from './origin-check.js';
import { SnipeActionError, type SnipeService } from '../modules/snipe/service.js';
import type { AppContext } from '../context.js';

export const webSnipePath = '/client/snipe';

const handshakeSchema = z.object({ clientType: z.literal('web'), token: z.string().optional() });
const messageSchema = z.object({ action: z.string().max(64), data: z.unknown() });

/**
 * `/client/snipe`: web clients, authenticated by the session cookie (client type web). `join`
 * answers the current accounts; `message` runs an action; a rejected action answers `error`.
 */
export function createWebHub(
  app: FastifyInstance,
  ctx: AppContext,
  auth: AuthService,
  snipe: () => SnipeService,
  allowedOrigins: readonly string[] = [],
): Server {
  const io = new Server(app.server, {
    path: webSnipePath,
    serveClient: false,
    destroyUpgrade: false,
    allowRequest: originCheck(allowedOrigins),
  });

  io.use((socket, next) => {
    const handshake = handshakeSchema.safeParse(socket.handshake.auth);
    const cookies = app.parseCookie(socket.request.headers.cookie ?? '');
    if (!handshake.success) return next(new Error('Unauthorized'));
    auth
      .userOfSession(cookies[sessionCookie])
      .then((user) => {
        if (!user) return next(new Error('Unauthorized'));
        socket.data.sessionToken = cookies[sessionCookie];
        socket.data.userId = user.id;
        next();
      })
      .catch(() => next(new Error('Unauthorized')));
  });

  io.on('connection', (socket) => {
    const reply = (error: unknown) => {
      const description =
        error instanceof SnipeActionError ? error.message : 'Something went wrong, please try again later';
      if (!(error instanceof SnipeActionError))
        app.log.error({ category: 'realtime', err: error }, 'snipe action failed');
      socket.emit('error', { description });
    };

    socket.on('join', async () => {
      try {
        const userId = socket.data.userId as string;
        await socket.join(userRoom(userId));
        const rows = await accountRepo.listOf(ctx.db, userId);
        socket.emit('message', { action: 'accounts', data: rows.map(presentAccount) });
      } catch (error) {
        reply(error);
      }
    });

    socket.on('message', async (payload: unknown) => {
      try {
        // The session is checked per action: a signed-out browser's socket can do nothing.
        const user = await auth.userOfSession(socket.data.sessionToken as string | undefined);
        if (!user) throw new SnipeActionError('Unauthorized');
        const problem = unstorablePayloadMessage(payload);
        if (problem !== undefined) throw new SnipeActionError(problem);
        const message = messageSchema.safeParse(payload);
        if (!message.success) throw new SnipeActionError('Unknown action');
        if (message.data.action === 'snipe-create-browser') await snipe().create(user, message.data.data);
        else if (message.data.action === 'snipe-stop') await snipe().stop(user, message.data.data);
        else throw new SnipeActionError('Unknown action');
      } catch (error) {
        reply(error);
      }
    });
  });
  return io;
}
