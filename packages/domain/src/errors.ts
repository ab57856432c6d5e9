import type { ZodError } from 'zod';

/** The message of the first issue: what a toast shows for a failed schema check. */
export function firstIssueMessage(error: ZodError): string {
  return error.issues[0]?.message ?? 'Invalid input';
}

/** Every issue's message, joined with ', ' (import rows and server responses). */
export function joinIssueMessages(error: ZodError): string {
  return issueMessages(error).join(', ');
}

/** Every issue's message once, in order. */
export function issueMessages(error: ZodError): string[] {
  return [...new Set(error.issues.map((issue) => issue.message))];
}
