import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../lib/app-context.js';
import { badRequest } from '../../lib/errors.js';
import { boundedRedirect } from '../../lib/redirect.js';
import { readSessionCookie } from '../auth/session.js';
import type { AuthService } from '../auth/service.js';
import type { CommunityIdentityProvider, SandboxIdentity } from './discord.js';
import { createCommunityService } from './service.js';
import { routesAreFor } from '../../lib/audience.js';

/** The states this server issues are 32 characters (24 random bytes, base64url); 64 leaves room. */
const maxStateLength = 64;
export const invalidStateMessage = 'This sign-in link is not valid. Start linking again from Trade Desk.';

/** The sandbox consent page's state: what `/discord/start` issued, else a 400 (never echoed back). */
function consentState(value: unknown): string {
  const state = typeof value === 'string' ? value : '';
  if (state.length > maxStateLength || !/^[\w-]+$/.test(state))
    throw badRequest(invalidStateMessage, 'invalid_state');
  return state;
}

/** A refused start answers JSON (the page called it); every other answer is a redirect or a page. */
const refusal = z.object({ message: z.string() });

export const communityUnavailableMessage =
  'Linking the community is not available right now. Please contact support on the community server.';

/** A same-site path only (never another origin); anything else goes home. */
const safeReturnPath = (value: unknown) =>
  typeof value === 'string' && /^\/(?!\/)[\w\-/?=&.%]*$/.test(value) && value.length <= 200 ? value : '/';

export interface CommunityRoutesOptions {
  ctx: AppContext;
  auth: AuthService;
  /** Undefined in live mode without Discord keys: linking answers 503. */
  identity: CommunityIdentityProvider | undefined;
  /** Present in the sandbox: its consent page is served here too. */
  sandbox?: SandboxIdentity | undefined;
  publicUrl?: string | undefined;
}

/**
 * /api/community: links the signed-in user's chat-community id (the unverified gate's way out).
 * start → the provider's consent page → callback, which checks the state belongs to the same
 * signed-in user before it stores the id.
 */
export const communityRoutes: FastifyPluginAsync<CommunityRoutesOptions> = async (
  app,
  { ctx, auth, identity, sandbox, publicUrl },
) => {
  const community = createCommunityService(ctx, auth);
  const redirectUri = (siteUrl: string) => `${siteUrl}/api/community/discord/callback`;
  const siteOf = (request: { protocol: string; host: string }) =>
    publicUrl ?? `${request.protocol}://${request.host}`;
  const withOutcome = (path: string, outcome: 'linked' | 'failed') =>
    `${path}${path.includes('?') ? '&' : '?'}community=${outcome}`;

  // The callback and the sandbox's consent page are reached by the browser's redirects; the state
  // they carry must be one `/discord/start` issued to the same signed-in user.
  routesAreFor(app, 'anyone');
  app.get<{ Querystring: { returnTo?: string } }>(
    '/discord/start',
    { config: { audience: 'session' }, schema: { response: { 401: refusal, 503: refusal } } },
    async (request, reply) => {
      const user = await auth.userOfSession(readSessionCookie(request));
      if (!user) return reply.code(401).send({ message: 'Unauthorized' });
      if (!identity) return reply.code(503).send({ message: communityUnavailableMessage });
      const state = community.issueState(user.id, safeReturnPath(request.query.returnTo));
      return boundedRedirect(reply, identity.authorizeUrl(state, redirectUri(siteOf(request))));
    },
  );

  app.get<{ Querystring: { code?: string; state?: string } }>('/discord/callback', async (request, reply) => {
    const state = typeof request.query.state === 'string' ? request.query.state : undefined;
    const user = await auth.userOfSession(readSessionCookie(request));
    const entry = community.takeState(state, user?.id);
    if (!entry || !user) return boundedRedirect(reply, withOutcome('/', 'failed'));
    const code = typeof request.query.code === 'string' ? request.query.code.slice(0, 200) : '';
    const discordId =
      code && identity ? await identity.identify(code, redirectUri(siteOf(request))) : undefined;
    if (!discordId) return boundedRedirect(reply, withOutcome(entry.returnTo, 'failed'));
    const isLinked = await community.link(user, discordId);
    return boundedRedirect(reply, withOutcome(entry.returnTo, isLinked ? 'linked' : 'failed'));
  });

  if (!sandbox) return;

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 2048 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get<{ Querystring: { state?: string } }>('/sandbox/authorize', async (request, reply) => {
    const state = consentState(request.query.state);
    return reply.type('text/html').send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Sandbox community sign-in</title><link rel="icon" href="data:,">
<style>body{font-family:system-ui,sans-serif;background:#313338;color:#f2f3f5;display:flex;justify-content:center;padding:3rem 1rem}
main{background:#2b2d31;border-radius:.5rem;padding:1.5rem;max-width:24rem}button{width:100%;padding:.6rem;margin-top:.75rem;border:0;border-radius:.25rem;font-size:1rem;cursor:pointer}
.ok{background:#5865f2;color:#fff}.no{background:#4e5058;color:#fff}p{color:#b5bac1}</style></head><body><main>
<h1>Sandbox community sign-in</h1>
<p>This stands in for the community server's sign-in (Discord) in the sandbox. Trade Desk will learn your community id only.</p>
<form method="post" action="/api/community/sandbox/authorize"><input type="hidden" name="state" value="${state}">
<button class="ok" type="submit">Authorize</button></form>
<form method="get" action="/api/community/discord/callback"><input type="hidden" name="state" value="${state}">
<button class="no" type="submit">Cancel</button></form>
</main></body></html>`);
  });

  app.post<{ Body: Record<string, string> | undefined }>('/sandbox/authorize', async (request, reply) => {
    const state = consentState(request.body?.state);
    const query = new URLSearchParams({ code: sandbox.approve(), state });
    return boundedRedirect(reply, `/api/community/discord/callback?${query.toString()}`, 303);
  });
};
