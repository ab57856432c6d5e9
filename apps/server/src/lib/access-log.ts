import type { FastifyInstance } from 'fastify';
import { truncateForLog } from './log-bounds.js';

/**
 * One bounded line per answered request: at debug for every request, at info for one in
 * `sampleEvery` (so a busy server's info log shows traffic without drowning in it). Never
 * bodies or headers; the URL cut short. Failures are logged by the error handler.
 */
export function installAccessLog(app: FastifyInstance, sampleEvery: number) {
  let answered = 0;
  app.addHook('onResponse', async (request, reply) => {
    answered += 1;
    const sampled = sampleEvery > 0 && answered % sampleEvery === 0;
    const level = sampled ? 'info' : 'debug';
    if (request.log.level === 'silent') return;
    request.log[level](
      {
        category: 'http',
        method: request.method,
        url: truncateForLog(request.url, 200),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      sampled ? `request (1 in ${sampleEvery})` : 'request',
    );
  });
}
