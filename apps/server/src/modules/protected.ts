import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { AppContext } from '../lib/app-context.js';

/** Options of every module that needs a signed-in user. */
export interface ProtectedModuleOptions {
  ctx: AppContext;
  /** onRequest hook: sets `request.user` or answers 401 before the body is even validated. */
  requireUser: onRequestAsyncHookHandler;
}

/** The context and sign-in check a protected module's routes take (the `auth` module decorates the check). */
export const protectedOptions = (app: FastifyInstance): ProtectedModuleOptions => ({
  ctx: app.appContext,
  requireUser: app.requireUser,
});
