import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { passwordDigest } from '../world/world.js';
import type { SimContext } from './context.js';
import { codePage, codeTypePage, completePage, credentialsPage, SIGN_IN_TEXT } from './signin-pages.js';
import type { SignInFlow } from './sessions.js';

export const REMEMBER_COOKIE = 'remid';
const BACKUP_CODE = /^[A-Za-z0-9]{8}$/;
const SIGN_IN_PATH = '/p/juno/login';

const connectQuerySchema = z.object({
  client_id: z.string().min(1),
  response_type: z.enum(['token', 'code']),
  redirect_uri: z.string().min(1),
  prompt: z.string().optional(),
  access_token: z.string().optional(),
  fid: z.string().optional(),
});

const formSchema = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

function field(body: Record<string, string | string[]>, name: string): string {
  const value = body[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

function tokenRedirect(redirectUri: string, token: string, expiresIn: number): string {
  return `${redirectUri}#access_token=${encodeURIComponent(token)}&token_type=Bearer&expires_in=${expiresIn}`;
}

/** The accounts host: `connect/auth`, the sign-in and two-factor pages, and `pids/me`. */
export function registerAccountRoutes(app: FastifyInstance, context: SimContext): void {
  const { world, sessions } = context;

  function sendToken(reply: FastifyReply, accountId: number, redirectUri: string): FastifyReply {
    const { token, expiresIn } = sessions.issueAccessToken(accountId, world.now());
    if (redirectUri === 'nucleus:rest')
      return reply.send({ access_token: token, token_type: 'Bearer', expires_in: expiresIn });
    return reply.redirect(tokenRedirect(redirectUri, token, expiresIn), 302);
  }

  app.get('/connect/auth', async (request, reply) => {
    const parsed = connectQuerySchema.safeParse(request.query);
    if (!parsed.success)
      return reply
        .code(400)
        .send({ error: 'invalid_request', error_description: parsed.error.issues[0]?.message });
    const query = parsed.data;
    const cookieAccount = sessions.accountOfCookie(request.cookies[REMEMBER_COOKIE]);
    if (query.response_type === 'code') {
      const accountId = query.access_token
        ? sessions.accountOfAccessToken(query.access_token, world.now())
        : cookieAccount;
      if (accountId === undefined)
        return reply
          .code(401)
          .send({ error: 'invalid_token', error_description: 'access token is invalid or expired' });
      return reply.send({ code: sessions.issueAuthCode(accountId, world.now()) });
    }
    if (query.fid) {
      const flow = sessions.flow(query.fid, world.now());
      if (!flow || flow.stage !== 'done' || flow.accountId === undefined)
        return reply.code(400).send({ error: 'invalid_request', error_description: 'unknown sign-in' });
      sessions.endFlow(flow.id);
      reply.setCookie(REMEMBER_COOKIE, sessions.remember(flow.accountId), {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
      });
      return sendToken(reply, flow.accountId, flow.redirectUri);
    }
    if (query.prompt === 'none') {
      if (cookieAccount !== undefined) return sendToken(reply, cookieAccount, query.redirect_uri);
      if (query.redirect_uri === 'nucleus:rest') return reply.code(400).send({ error: 'login_required' });
      return reply.redirect(`${query.redirect_uri}#error=login_required`, 302);
    }
    const flow = sessions.startFlow(query.client_id, query.redirect_uri, world.now());
    return reply.redirect(
      `${SIGN_IN_PATH}?execution=${flow.id}&initref=${encodeURIComponent(request.url)}`,
      302,
    );
  });

  const flowOf = (request: FastifyRequest): SignInFlow | undefined => {
    const execution = (request.query as Record<string, unknown>).execution;
    return typeof execution === 'string' ? sessions.flow(execution, world.now()) : undefined;
  };
  const actionOf = (flow: SignInFlow): string => `${SIGN_IN_PATH}?execution=${flow.id}`;

  app.get(SIGN_IN_PATH, async (request, reply) => {
    const flow = flowOf(request);
    reply.type('text/html');
    if (!flow)
      return reply.code(400).send(credentialsPage(SIGN_IN_PATH, 'This sign-in has expired. Start again.'));
    if (flow.stage === 'codeType') return codeTypePage(actionOf(flow), flow.email ?? '');
    if (flow.stage === 'code') return codePage(actionOf(flow));
    return credentialsPage(actionOf(flow));
  });

  app.post(SIGN_IN_PATH, async (request, reply) => {
    reply.type('text/html');
    const flow = flowOf(request);
    const parsedBody = formSchema.safeParse(request.body ?? {});
    if (!flow || !parsedBody.success)
      return reply.code(400).send(credentialsPage(SIGN_IN_PATH, 'This sign-in has expired. Start again.'));
    const body = parsedBody.data;
    const action = actionOf(flow);
    if (flow.stage === 'credentials') {
      const email = field(body, 'email').trim();
      const password = field(body, 'password');
      const account = world.accountByEmail(email);
      const knownAndRight = account && account.passwordDigest === passwordDigest(password);
      const newAllowed =
        !account && world.options.sandboxAutoCreate && email.includes('@') && password.length > 0;
      if (!knownAndRight && !newAllowed) return credentialsPage(action, SIGN_IN_TEXT.wrongCredentials, email);
      flow.email = email;
      flow.passwordDigest = passwordDigest(password);
      flow.accountId = account?.id;
      flow.stage = 'codeType';
      return codeTypePage(action, email);
    }
    if (flow.stage === 'codeType') {
      flow.codeType = field(body, 'codeType') === 'EMAIL' ? 'EMAIL' : 'APP';
      flow.stage = 'code';
      return codePage(action);
    }
    if (flow.stage === 'code') {
      const code = field(body, 'oneTimeCode').trim();
      const account = flow.accountId === undefined ? undefined : world.accounts.get(flow.accountId);
      if (account ? account.backupCode !== code : !BACKUP_CODE.test(code))
        return codePage(action, SIGN_IN_TEXT.wrongCode);
      if (!account) {
        const created = world.createAccount({ email: flow.email ?? '', password: '', backupCode: code });
        created.passwordDigest = flow.passwordDigest ?? created.passwordDigest;
        flow.accountId = created.id;
      }
      flow.stage = 'done';
      const completeUrl = `${context.origin()}/connect/auth?client_id=${encodeURIComponent(flow.clientId)}&response_type=token&redirect_uri=${encodeURIComponent(flow.redirectUri)}&fid=${flow.id}`;
      return completePage(completeUrl);
    }
    return reply.code(400).send(credentialsPage(action, 'This sign-in has already finished.'));
  });

  app.get('/proxy/identity/pids/me', async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    const accountId = sessions.accountOfAccessToken(token, world.now());
    const account = accountId === undefined ? undefined : world.accounts.get(accountId);
    if (!account)
      return reply
        .code(401)
        .send({ error: { code: 10_004, failure: 'invalid_token', message: 'token is invalid or expired' } });
    return {
      pid: {
        pidId: account.id,
        externalRefType: 'NUCLEUS',
        externalRefValue: String(account.id),
        email: account.email,
        emailStatus: 'VERIFIED',
        country: 'GB',
        dob: '1990-01-01',
        status: 'ACTIVE',
        locale: 'en_US',
        dateCreated: new Date(account.createdAt).toISOString(),
        tfaEnabled: true,
      },
    };
  });
}
