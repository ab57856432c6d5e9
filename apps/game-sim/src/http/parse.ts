import type { z } from 'zod';
import { gameErrors } from '../core/errors.js';

/** Parses wire input with a zod schema; bad input becomes a 400 game error with no side effect. */
export function parseInput<Schema extends z.ZodTypeAny>(schema: Schema, input: unknown): z.infer<Schema> {
  const parsed = schema.safeParse(input ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw gameErrors.badRequest(
      issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'invalid input',
    );
  }
  return parsed.data;
}
