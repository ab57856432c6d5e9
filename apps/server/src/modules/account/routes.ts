import {
  accountCreateSchema,
  accountsImportedMessage,
  accountUpdateSchema,
  successMessages,
} from '@tradedesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerOf } from '../../lib/answer.js';
import type { ProtectedModuleOptions } from '../protected.js';
import { presentAccount, presentedAccountSchema } from './presenter.js';
import type { AccountService } from './service.js';
import { routesAreFor } from '../../lib/audience.js';

const idParams = z.object({ id: z.string().min(1) });
/** Rows are validated one by one (only passing rows are imported), so the list is checked loosely here. */
const bulkBody = z
  .array(z.unknown())
  .min(1, 'Add at least one account')
  .max(500, 'Import at most 500 accounts at once');

const accountAnswer = answerOf(presentedAccountSchema);
const listAnswer = answerOf(z.array(presentedAccountSchema));
const importAnswer = answerOf(
  z.object({
    accounts: z.array(presentedAccountSchema),
    rejected: z.array(z.object({ row: z.number().int(), message: z.string() })),
  }),
);
const deletedAnswer = answerOf(z.object({ id: z.string() }));

/** /api/account: the signed-in user's game accounts. */
export const accountRoutes: FastifyPluginAsyncZod<
  ProtectedModuleOptions & { accounts: AccountService }
> = async (app, { requireUser, accounts }) => {
  routesAreFor(app, 'session');
  app.addHook('onRequest', requireUser);

  app.get('/', { schema: { response: { 200: listAnswer } } }, async (request) => ({
    data: (await accounts.list(request.user.id)).map(({ row, running }) => presentAccount(row, running)),
  }));

  app.post(
    '/',
    { schema: { body: accountCreateSchema, response: { 201: accountAnswer } } },
    async (request, reply) => {
      const account = await accounts.create(request.user.id, request.body);
      return reply.code(201).send({ data: presentAccount(account), message: successMessages.accountCreated });
    },
  );

  app.post(
    '/bulk',
    { schema: { body: bulkBody, response: { 201: importAnswer } } },
    async (request, reply) => {
      const { imported, rejected } = await accounts.importRows(request.user.id, request.body);
      return reply.code(201).send({
        data: { accounts: imported.map((row) => presentAccount(row)), rejected },
        message: accountsImportedMessage(imported.length),
      });
    },
  );

  app.put(
    '/',
    { schema: { body: accountUpdateSchema, response: { 200: accountAnswer } } },
    async (request) => {
      const account = await accounts.update(request.user.id, request.body);
      return { data: presentAccount(account), message: successMessages.accountEdited };
    },
  );

  app.delete('/:id', { schema: { params: idParams, response: { 200: deletedAnswer } } }, async (request) => {
    await accounts.remove(request.user.id, request.params.id);
    return { data: { id: request.params.id }, message: successMessages.accountDeleted };
  });

  app.post(
    '/:id/reset',
    { schema: { params: idParams, response: { 200: accountAnswer } } },
    async (request) => {
      const account = await accounts.resetStatistics(request.user.id, request.params.id);
      return { data: presentAccount(account), message: successMessages.statisticsReset };
    },
  );
};
