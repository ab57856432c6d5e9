import {
  decryptRequestSchema,
  presentedUserSchema,
  shortcutsSchema,
  successMessages,
} from '@tradedesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerOf } from '../../lib/answer.js';
import type { AccountService } from '../account/service.js';
import type { ProtectedModuleOptions } from '../protected.js';
import type { UserPresenter } from './presenter.js';
import { createUserService } from './service.js';
import { providerUpdateBody } from './schemas.js';
import { routesAreFor } from '../../lib/audience.js';

const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1')
  .optional();

const userQuery = z.object({ configuration: flag, filters: flag, webIdentity: flag });
const userAnswer = { 200: answerOf(presentedUserSchema) };
/** An account's credentials in clear, for the account's edit form. */
const credentialsAnswer = {
  201: answerOf(z.object({ email: z.string(), password: z.string(), backupCode: z.string() })),
};

/** /api/user: the signed-in user, their chat providers, and decrypting one of their accounts. */
export const userRoutes: FastifyPluginAsyncZod<
  ProtectedModuleOptions & { presentUser: UserPresenter; accounts: AccountService }
> = async (app, { ctx, requireUser, presentUser, accounts }) => {
  routesAreFor(app, 'session');
  app.addHook('onRequest', requireUser);
  const users = createUserService(ctx);

  app.get('/', { schema: { querystring: userQuery, response: userAnswer } }, async (request) => {
    const { configuration, filters, webIdentity } = request.query;
    const webSession = webIdentity ? request.webSession : undefined;
    return { data: await presentUser(request.user, { configuration, filters, webSession }) };
  });

  app.put('/provider', { schema: { body: providerUpdateBody, response: userAnswer } }, async (request) => {
    const user = await users.updateProvider(request.user, request.body);
    return { data: await presentUser(user, {}), message: successMessages.updatedProviderConfig };
  });

  app.put('/shortcuts', { schema: { body: shortcutsSchema, response: userAnswer } }, async (request) => {
    const user = await users.updateShortcuts(request.user, request.body);
    return { data: await presentUser(user, {}), message: 'Updated shortcuts' };
  });

  app.post(
    '/decrypt',
    { schema: { body: decryptRequestSchema, response: credentialsAnswer } },
    async (request, reply) => {
      const credentials = await accounts.decrypt(request.user.id, request.body.token);
      return reply.code(201).send({ data: credentials });
    },
  );
};
