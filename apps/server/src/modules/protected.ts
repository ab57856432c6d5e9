import type { onRequestAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context.js';

/** Options of every module that needs a signed-in user. */
export interface ProtectedModuleOptions {
  ctx: AppContext;
  /** onRequest hook: sets `request.user` or answers 401 before the body is even validated. */
  requireUser: onRequestAsyncHookHandler;
}
