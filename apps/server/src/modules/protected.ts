import type { preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context.js';

/** Options of every module that needs a signed-in user. */
export interface ProtectedModuleOptions {
  ctx: AppContext;
  /** Sets `request.user` or answers 401. */
  preHandler: preHandlerAsyncHookHandler;
}
