import { unstorablePayloadMessage } from '@tradedesk/domain';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { z } from 'zod';
import { sessionCookie } from '../modules/auth/session.js';
import { presentAccount } from '../modules/account/presenter.js';
import { accountRepo } from '../modules/account/repo.js';
import type { UserRow } from '../modules/auth/repo.js';
import type { AuthService } from '../modules/auth/service.js';
import { userRoom } from '../runs/user-channel.js';
import { WebActionError } from '../lib/web-action.js';
import { originCheck } from './origin-check.js';
import type { AppContext } from '../lib/app-context.js';

export const webSnipePath = '/client/snipe';
export const webTransferPath = '/client/transfer';

const handshakeSchema = z.object({ clientType: z.literal('web'), token: z.string().optional() });
const messageSchema = z.object({ action: z.string().max(64), data: z.unknown() });

/** One web hub: its path, its actions (by name) and what a page gets on join besides the accounts. */
export interface WebHubOptions {
  path: string;
  /** Runs one action of the signed-in user; a WebActionError is shown to the user as is. */
  actions: () => Record<string, (user: UserRow, data: unknown) => Promise<unknown>>;
  onJoin?: (userId: string, socket: Socket) => Promise<void>;
  /** Origins besides the server's own that may open the socket (ALLOWED_ORIGINS). */
  allowedOrigins?: readonly string[];
}

/**
 * A web hub (`/client/snipe`, `/client/transfer`): web clients authenticated by the session
 * cookie (client type web). `join` answers the current accounts; `message` runs an action; a
 * rejected action answers `error {description}`.
 */
/**
 * The largest frame a page may send (socket.io's default, stated): a page's actions are a few
 * kilobytes; a bigger frame closes that connection before any handler sees it (the page connects again).
 */
export const WEB_MESSAGE_MAX_BYTES = 1e6;

export function createWebHub(
  app: FastifyInstance,
  ctx: AppContext,
  auth: AuthService,
  options: WebHubOptions,
) {
  const io = new Server(app.server, {
    path: options.path,
    serveClient: false,
    destroyUpgrade: false,
    maxHttpBufferSize: WEB_MESSAGE_MAX_BYTES,
    allowRequest: originCheck(options.allowedOrigins ?? []),
  });
  const log = app.log.child({ category: 'realtime', hub: options.path });

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
        error instanceof WebActionError ? error.message : 'Something went wrong, please try again later';
      if (!(error instanceof WebActionError)) log.error({ err: error }, 'web action failed');
      socket.emit('error', { description });
    };

    socket.on('join', async () => {
      try {
        const userId = socket.data.userId as string;
        await socket.join(userRoom(userId));
        const [rows, running] = await Promise.all([
          accountRepo.listOf(ctx.db, userId),
          accountRepo.runningSnipesOf(ctx.db, userId),
        ]);
        const data = rows.map((row) => presentAccount(row, running.get(row.id)));
        socket.emit('message', { action: 'accounts', data });
        await options.onJoin?.(userId, socket);
      } catch (error) {
        reply(error);
      }
    });

    socket.on('message', async (payload: unknown) => {
      try {
        // The session is checked per action: a signed-out browser's socket can do nothing.
        const user = await auth.userOfSession(socket.data.sessionToken as string | undefined);
        if (!user) throw new WebActionError('Unauthorized');
        const problem = unstorablePayloadMessage(payload);
        if (problem !== undefined) throw new WebActionError(problem);
        const message = messageSchema.safeParse(payload);
        const actions = options.actions();
        const action =
          message.success && Object.hasOwn(actions, message.data.action)
            ? actions[message.data.action]
            : undefined;
        if (!message.success || !action) throw new WebActionError('Unknown action');
        await action(user, message.data.data);
      } catch (error) {
        reply(error);
      }
    });
  });
  return io;
}
