import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { GameError, gameErrors } from '../core/errors.js';
import type { World } from '../world/world.js';
import { registerAccountRoutes } from './accounts-routes.js';
import { registerAdminRoutes } from './admin-routes.js';
import { registerContentRoutes } from './content-routes.js';
import { sendGameError, type SimContext } from './context.js';
import { registerFeedRoutes } from './feed-routes.js';
import { registerMarketRoutes } from './market-routes.js';
import { registerPileRoutes } from './pile-routes.js';
import { registerSbcRoutes } from './sbc-routes.js';
import { SessionStore } from './sessions.js';
import { registerUtRoutes } from './ut-routes.js';
import { registerWebAppRoutes } from '../web/webapp-routes.js';

/** Replaces secret query values (tokens, codes) with `***`. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:access_token|code|fid|execution)=)[^&#]*/g, '$1***');
}

export interface AppOptions {
  world: World;
  adminKey?: string;
  logger?: boolean;
}

/** Builds the sim's HTTP app: accounts host, game host, feeds, admin API and web app on one server. */
export function buildApp(options: AppOptions): {
  app: FastifyInstance;
  context: SimContext;
  setOrigin(origin: string): void;
} {
  const app = Fastify({
    // Tokens travel in query strings (`access_token=`, auth codes): never write them to a log.
    logger: options.logger
      ? {
          serializers: {
            req: (request: { method: string; url: string }) => ({
              method: request.method,
              url: redactUrl(request.url),
            }),
          },
        }
      : false,
    bodyLimit: 1_048_576,
  });
  const { world } = options;
  const protocol = world.options.protocol;
  let origin = 'http://127.0.0.1';
  const context: SimContext = {
    world,
    sessions: new SessionStore(protocol.sessionIdleMinutes * 60_000, protocol.accessTokenSeconds * 1000),
    adminKey: options.adminKey,
    gamePrefix: `/ut/game/${protocol.gameSegment}`,
    origin: () => origin,
  };

  // Clients send `Content-Type: application/json` with empty bodies on PUT/DELETE; the game accepts that.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(gameErrors.badRequest('body is not valid JSON'), undefined);
    }
  });
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  // Event posts (pinEvents) often travel without a content type, or with any other; the game takes
  // them. Such bodies stay raw text, so a game call that needs JSON still answers 400, never 415.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  void app.register(cookie);
  void app.register(formbody);

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof GameError) return sendGameError(reply, error);
    const status = (error as { statusCode?: number }).statusCode;
    const message = error instanceof Error ? error.message : 'bad request';
    if (status && status >= 400 && status < 500)
      return sendGameError(reply, new GameError(status, 'Bad Request', message));
    request.log.error({ err: error }, 'unexpected error');
    return sendGameError(reply, new GameError(500, 'Internal Server Error'));
  });
  app.setNotFoundHandler((request, reply) =>
    sendGameError(reply, gameErrors.notFound(`${request.method} ${request.url.split('?')[0]}`)),
  );

  answerCrossOrigin(app);
  app.post('/pinEvents', async () => ({ status: 'ok' }));
  registerAccountRoutes(app, context);
  registerUtRoutes(app, context);
  registerMarketRoutes(app, context);
  registerPileRoutes(app, context);
  registerSbcRoutes(app, context);
  registerFeedRoutes(app, context);
  registerAdminRoutes(app, context);
  registerWebAppRoutes(app, context);
  registerContentRoutes(app);
  return { app, context, setOrigin: (value) => (origin = value) };
}

/** Headers the game's web app sends on its calls (and so asks for in a preflight). */
const GAME_REQUEST_HEADERS =
  'Content-Type, X-UT-SID, X-UT-PHISHING-TOKEN, Easw-Session-Data-Nucleus-Id, Cache-Control, Authorization';

/**
 * The real web app is served from another origin than the game's hosts, so browsers preflight
 * its calls: OPTIONS on `/ut/…` answers 200 with the CORS headers, and every `/ut/…` answer
 * names the calling origin, as the real service does.
 */
function answerCrossOrigin(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!request.url.startsWith('/ut/') || typeof origin !== 'string') return;
    reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Access-Control-Allow-Credentials', 'true');
    reply.header('Vary', 'Origin');
  });
  app.options('/ut/*', async (request, reply) => {
    const asked = request.headers['access-control-request-headers'];
    return reply
      .code(200)
      .header('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS')
      .header('Access-Control-Allow-Headers', typeof asked === 'string' ? asked : GAME_REQUEST_HEADERS)
      .header('Access-Control-Max-Age', '3600')
      .send();
  });
}
