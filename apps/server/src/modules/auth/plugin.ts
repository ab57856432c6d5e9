import type { onRequestAsyncHookHandler } from 'fastify';
import { serverModule } from '../../lib/server-module.js';
import { authRoutes } from './routes.js';
import { createAuthService, type AuthService } from './service.js';
import { requireUser } from './session.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sessions, sign-in and licence checks. */
    auth: AuthService;
    /** onRequest hook of every signed-in route: sets `request.user` or answers 401. */
    requireUser: onRequestAsyncHookHandler;
  }
}

export interface AuthModuleOptions {
  /** Attempts per client per window on /api/auth; sign-in is the brute-force target. */
  rateLimit: { max: number; timeWindowMs: number };
}

/** Auth: /api/auth, and the session check every signed-in module uses. */
export const authModule = serverModule<AuthModuleOptions>(
  'auth',
  ['app-context', 'user-presenter'],
  async (app, options) => {
    const auth = createAuthService(app.appContext);
    app.decorate('auth', auth);
    app.decorate('requireUser', requireUser(auth));
    await app.register(authRoutes, {
      prefix: '/api/auth',
      auth,
      presentUser: app.presentUser,
      rateLimit: options.rateLimit,
    });
  },
);
