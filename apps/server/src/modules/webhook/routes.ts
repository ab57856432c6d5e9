import {
  serverLogFieldSchema,
  serverLogMessageSchema,
  snipeResultReportSchema,
  storableText,
  TEXT_LIMITS,
} from '@tradedesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerOf } from '../../lib/answer.js';
import { badRequest } from '../../lib/errors.js';
import type { ProtectedModuleOptions } from '../protected.js';
import { snipeResultMessage } from './embeds.js';
import type { ChatNotifier } from './notifier.js';
import { routesAreFor } from '../../lib/audience.js';

/** Only DEBUG-type notifications go to the chat log (spec 000 §7). */
export const onlyDebugLogsMessage = 'Only DEBUG messages are sent to the chat log';

/** Chat texts are bounded here: a chat refuses what it cannot show, and that would fail the queue. */
const snipeBody = snipeResultReportSchema.extend({
  buyerId: storableText(TEXT_LIMITS.id).pipe(z.string().min(1)),
  playerName: storableText(TEXT_LIMITS.name),
});
const logBody = serverLogMessageSchema.extend({
  title: storableText(TEXT_LIMITS.name).optional(),
  message: storableText(),
  clubName: storableText(TEXT_LIMITS.name),
  fields: z
    .array(serverLogFieldSchema.extend({ name: storableText(TEXT_LIMITS.name), value: storableText() }))
    .max(25)
    .optional(),
});

/** Whether the report went into the user's chat queue (false when no chat is linked). */
const queuedAnswer = { 200: answerOf(z.object({ isQueued: z.boolean() })) };

/**
 * /api/webhook, the chat webhook service: what a run outside the server (the headful add-on)
 * reports for the signed-in user's chat. The server's own runs post through the same notifier.
 */
export const webhookRoutes: FastifyPluginAsyncZod<ProtectedModuleOptions & { chat: ChatNotifier }> = async (
  app,
  { requireUser, chat },
) => {
  routesAreFor(app, 'session');
  app.addHook('onRequest', requireUser);

  app.post('/snipe', { schema: { body: snipeBody, response: queuedAnswer } }, async (request) => {
    const report = request.body;
    const clubName = request.user.username;
    const isQueued = await chat.queue(request.user.id, 'snipe', snipeResultMessage(report, clubName));
    return { data: { isQueued } };
  });

  app.post('/log', { schema: { body: logBody, response: queuedAnswer } }, async (request) => {
    if (request.body.type !== 'DEBUG') throw badRequest(onlyDebugLogsMessage, 'not_debug');
    const isQueued = await chat.queue(request.user.id, 'log', request.body);
    return { data: { isQueued } };
  });
};
