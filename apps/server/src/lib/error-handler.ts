import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.js';

const hiddenMessage = 'Something went wrong, please try again later';

/**
 * The one place errors become responses: `{message}` (plus `code` for AppErrors that carry one)
 * with the error's status. Bad input answers with the first zod issue's message; 5xx text is
 * hidden from the client and logged with the request.
 */
export function installErrorHandler(
  app: FastifyInstance,
  /** Answers a not-found request instead (the web app's SPA fallback); undefined passes. */
  fallback?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined,
) {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send({ message: error.validation[0]?.message ?? 'Invalid input' });
    }
    if (error instanceof AppError) {
      if (error.isReportable) request.log.error({ err: error, errorId: error.id }, 'request failed');
      return reply
        .code(error.statusCode)
        .send({ message: error.isReportable ? hiddenMessage : error.message, ...error.extra });
    }
    const statusCode = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(statusCode).send({ message: hiddenMessage });
    }
    // Fastify's own 4xx (malformed JSON, body too large, rate limit): their text is safe to show.
    return reply.code(statusCode).send({ message: error.message });
  });

  app.setNotFoundHandler((request, reply) => {
    if (fallback?.(request, reply)) return reply;
    return reply
      .code(404)
      .send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
  });
}
