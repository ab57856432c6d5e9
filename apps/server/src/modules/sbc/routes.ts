import { isAdmin, platformSchema, successMessages } from '@tradedesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ProtectedModuleOptions } from '../protected.js';
import type { AccountSolutions } from './account-solution.js';
import {
  accountSolutionAnswer,
  challengeDeletedAnswer,
  challengesAnswer,
  clubAnswer,
  solutionAnswer,
} from './answers.js';
import { sbcImageKinds, sbcImageSvg } from './images.js';
import { createSbcService } from './service.js';
import { routesAreFor } from '../../lib/audience.js';

const rowId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid id');
const idParams = z.object({ id: rowId });
const accountParams = z.object({ accountId: rowId });
const accountChallengeParams = z.object({ accountId: rowId, challengeId: rowId });
const imageParams = z.object({
  kind: z.enum(sbcImageKinds),
  imageId: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'Invalid image id'),
});
/** Solutions are priced on the account's platform's market: `pc`, or `ps` (console); PC by default. */
const challengesQuery = z.object({ platform: platformSchema.default('pc') });
const IMAGE_CACHE = 'public, max-age=86400';

/** /api/sbc: challenges with their solutions, one solution, the admin's delete. */
export const sbcRoutes: FastifyPluginAsyncZod<
  ProtectedModuleOptions & { accountSolutions: AccountSolutions }
> = async (app, { ctx, requireUser, accountSolutions }) => {
  routesAreFor(app, 'session');
  const service = createSbcService(ctx);

  // Images are addresses the page builds; they carry nothing private, so they need no session.
  app.get(
    '/image/:kind/:imageId',
    { config: { audience: 'anyone' }, schema: { params: imageParams } },
    async (request, reply) =>
      reply
        .type('image/svg+xml')
        .header('cache-control', IMAGE_CACHE)
        .send(sbcImageSvg(request.params.kind, request.params.imageId)),
  );

  const signedIn = { onRequest: requireUser };
  app.get(
    '/challenges',
    { ...signedIn, schema: { querystring: challengesQuery, response: { 200: challengesAnswer } } },
    async (request) => ({
      data: await service.challenges(request.query.platform),
    }),
  );
  app.get(
    '/solution/:id',
    { ...signedIn, schema: { params: idParams, response: { 200: solutionAnswer } } },
    async (request) => ({
      data: await service.solution(request.params.id),
    }),
  );
  // An account's club (its last read) and its squads from it: only the account's owner sees them.
  app.get(
    '/club/:accountId',
    { ...signedIn, schema: { params: accountParams, response: { 200: clubAnswer } } },
    async (request) => {
      return { data: await service.clubOf(request.user.id, request.params.accountId) };
    },
  );
  app.get(
    '/club/:accountId/solution/:challengeId',
    { ...signedIn, schema: { params: accountChallengeParams, response: { 200: accountSolutionAnswer } } },
    async (request) => ({
      data: await accountSolutions.solutionFor(
        request.user.id,
        request.params.accountId,
        request.params.challengeId,
      ),
    }),
  );
  app.delete(
    '/challenge/:id',
    {
      ...signedIn,
      config: { audience: 'admin' },
      schema: { params: idParams, response: { 200: challengeDeletedAnswer } },
    },
    async (request) => {
      await service.deleteChallenge(isAdmin(request.user), request.params.id);
      return { data: { challengeId: request.params.id }, message: successMessages.challengeDeleted };
    },
  );
};
