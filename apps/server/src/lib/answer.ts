import { z } from 'zod';

/**
 * The response schema of a JSON route: the `{ data, message? }` envelope every route answers with
 * (spec 000 §2). Fastify serialises the answer through it, so a field the schema does not name is
 * never sent.
 */
export const answerOf = <Data extends z.ZodTypeAny>(data: Data) =>
  z.object({ data, message: z.string().optional() });

/** An answer whose data is an empty object (a command that has nothing to return). */
export const emptyAnswer = answerOf(z.object({}));
