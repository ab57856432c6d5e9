import { unstorablePayloadMessage } from '@tradedesk/domain';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

/**
 * The first line of the input boundary, for every route: path parameters, query and body may
 * hold no NUL, no lone surrogate and no non-finite number, in values or keys. The routes' zod
 * schemas then state each field's type, length and range. Runs before validation (and after
 * the session check), so a refused request never reaches a service.
 */
export function installInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const problem =
      unstorablePayloadMessage(request.params) ??
      unstorablePayloadMessage(request.query) ??
      unstorablePayloadMessage(request.body);
    if (problem !== undefined) throw badRequest(problem, 'unstorable_input');
  });
}
