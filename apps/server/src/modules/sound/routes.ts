import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { soundValues } from '@tradedesk/domain';
import { routesAreFor } from '../../lib/audience.js';

const soundsDir = fileURLToPath(new URL('../../../assets/sounds/', import.meta.url));

const soundQuery = z.object({
  type: z.enum(soundValues, {
    errorMap: () => ({ message: `Sound type must be one of: ${soundValues.join(', ')}` }),
  }),
});

/** /api/sound?type=coin: the notification sounds (small mono Ogg Vorbis clips). */
export const soundRoutes: FastifyPluginAsyncZod = async (app) => {
  routesAreFor(app, 'anyone');
  app.get('/', { schema: { querystring: soundQuery } }, async (request, reply) => {
    const audio = await readFile(`${soundsDir}${request.query.type}.ogg`);
    return reply.type('audio/ogg').header('cache-control', 'public, max-age=86400').send(audio);
  });
};
