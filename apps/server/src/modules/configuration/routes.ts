import {
  advancedConfigSchema,
  calibrationUpdateSchema,
  configurationSchema,
  marketConfigSchema,
  notificationConfigSchema,
  successMessages,
  timeConfigSchema,
  transferConfigSchema,
} from '@tradedesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { answerOf } from '../../lib/answer.js';
import type { ProtectedModuleOptions } from '../protected.js';
import { presentConfiguration } from './presenter.js';
import { createConfigurationService } from './service.js';
import type { ConfigurationGroup } from './repo.js';
import { routesAreFor } from '../../lib/audience.js';

/** Each editable group: its path, body schema and the toast the web shows after saving. */
const groups: Array<{ group: ConfigurationGroup; body: z.ZodTypeAny; message: string }> = [
  { group: 'advanced', body: advancedConfigSchema, message: successMessages.updatedPremiumConfig },
  { group: 'time', body: timeConfigSchema, message: successMessages.updatedTimeConfig },
  {
    group: 'notification',
    body: notificationConfigSchema,
    message: successMessages.updatedNotificationConfig,
  },
  { group: 'market', body: marketConfigSchema, message: 'Updated market config' },
  { group: 'transfer', body: transferConfigSchema, message: successMessages.updatedTransferConfig },
  { group: 'calibration', body: calibrationUpdateSchema, message: 'Updated calibration config' },
];

/** Every answer is the whole configuration, in the shape the web parses it with. */
const configurationAnswer = { 200: answerOf(configurationSchema) };

/** /api/configuration: read the whole configuration, replace one group at a time. */
export const configurationRoutes: FastifyPluginAsyncZod<ProtectedModuleOptions> = async (
  app,
  { ctx, requireUser },
) => {
  routesAreFor(app, 'session');
  app.addHook('onRequest', requireUser);
  const configurations = createConfigurationService(ctx);

  app.get('/', { schema: { response: configurationAnswer } }, async (request) => ({
    data: presentConfiguration(await configurations.get(request.user.id)),
  }));

  for (const { group, body, message } of groups) {
    app.put(`/${group}`, { schema: { body, response: configurationAnswer } }, async (request) => {
      const row = await configurations.replaceGroup(
        request.user.id,
        group,
        request.body as Record<string, unknown>,
      );
      return { data: presentConfiguration(row), message };
    });
  }
};
