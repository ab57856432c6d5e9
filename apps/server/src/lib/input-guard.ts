import { labelledTextFields, unstorablePayloadMessage } from '@tradedesk/domain';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

/**
 * The first line of the input boundary, for every route: path parameters, query and body may
 * hold no NUL, no lone surrogate and no non-finite number, in values or keys. The routes' zod
 * schemas then state each field's type, length and range. Runs before validation (and after
 * the session check), so a refused request never reaches a service; a body field with a label
 * (the webhook URL) is named by it. A request no route matched (a page of the web app, a missing
 * file) is let through: nothing stores its input, and a page address with a NUL in its query
 * still opens the page, whose own API calls are then refused.
 */
export function installInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (request.is404) return;
    const problem =
      unstorablePayloadMessage(request.params) ??
      unstorablePayloadMessage(request.query) ??
      unstorablePayloadMessage(request.body, labelledTextFields);
    if (problem !== undefined) throw badRequest(problem, 'unstorable_input');
  });
}
