import type { ZodError, ZodIssue } from 'zod';

/** The message of the first issue: what a toast shows for a failed schema check. */
export function firstIssueMessage(error: ZodError): string {
  return error.issues[0]?.message ?? 'Invalid input';
}

/** Every issue's message, joined with ', ' (import rows and server responses). */
export function joinIssueMessages(error: ZodError): string {
  return issueMessages(error).join(', ');
}

/** Every issue's message once, in order (of an error, or of a list of its issues). */
export function issueMessages(error: ZodError | readonly ZodIssue[]): string[] {
  const issues = Array.isArray(error) ? error : (error as ZodError).issues;
  return [...new Set(issues.map((issue) => issue.message))];
}

/**
 * The first issue for a toast, naming its field: 'Password: String must contain at least 8
 * character(s)'. A message that already names the field (or a field without a label) is left as is.
 */
export function firstIssueWithField(error: ZodError, labels: Readonly<Record<string, string>>): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid input';
  const label = labels[issue.path.join('.')] ?? labels[String(issue.path[0] ?? '')];
  if (!label || issue.message.toLowerCase().includes(label.toLowerCase())) return issue.message;
  return `${label}: ${issue.message}`;
}
