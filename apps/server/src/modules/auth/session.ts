import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionRow, UserRow } from './repo.js';
import type { AuthService } from './service.js';
import { unauthorized } from '../../lib/errors.js';

/** The session cookie: httpOnly, SameSite=Lax, the whole site. */
export const sessionCookie = 'td_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set by `requireUser` on every protected route. */
    user: UserRow;
    /** The browser session the request came with; set by `requireUser`. */
    webSession: SessionRow;
  }
}

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date) {
  reply.setCookie(sessionCookie, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: reply.request.protocol === 'https',
    expires: expiresAt,
  });
}

export const clearSessionCookie = (reply: FastifyReply) => reply.clearCookie(sessionCookie, { path: '/' });

export const readSessionCookie = (request: FastifyRequest) => request.cookies[sessionCookie];

/**
 * onRequest hook of protected routes: 401 'Unauthorized' without a live session, before any
 * validation. A request that may write (anything but GET/HEAD) drops the user's cached session
 * when it is answered, so the next request reads the changed user row.
 */
export function requireUser(auth: AuthService) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const signedIn = await auth.sessionOf(readSessionCookie(request));
    if (!signedIn) throw unauthorized();
    request.user = signedIn.user;
    request.webSession = signedIn.session;
    if (request.method !== 'GET' && request.method !== 'HEAD')
      reply.raw.once('finish', () => auth.forgetCachedUser(signedIn.user.id));
  };
}
