import type { ZodType, ZodTypeDef } from 'zod';
import { InvalidInputError } from './errors.js';

/** Validates a caller's arguments before anything is sent; the message names the first bad field. */
export function parseInput<T>(schema: ZodType<T, ZodTypeDef, unknown>, input: unknown, what: string): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue === undefined || issue.path.length === 0 ? '' : `${issue.path.join('.')}: `;
  throw new InvalidInputError(`Invalid ${what}: ${field}${issue?.message ?? 'invalid'}`);
}
