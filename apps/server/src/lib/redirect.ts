import type { FastifyReply } from 'fastify';
import { badRequest } from './errors.js';

/**
 * The longest Location the server sends. Its own targets are a site address plus a short path
 * (well under 500 characters); anything longer was built from what a client sent, and answering
 * it would hand a client a header of its own choosing.
 */
export const maxRedirectLength = 2048;

export const redirectTooLongMessage = 'The address to return to is too long';

/** Redirects to `target`, or refuses (400) a target longer than maxRedirectLength. */
export function boundedRedirect(reply: FastifyReply, target: string, code: 302 | 303 = 302) {
  if (target.length > maxRedirectLength) throw badRequest(redirectTooLongMessage, 'redirect_too_long');
  return reply.redirect(target, code);
}
