/** The longest text one log field keeps; the rest is cut with its length noted. */
export const maxLoggedText = 300;
/** Stack frames kept per error. */
const maxStackFrames = 8;

/** `text` cut to `max` characters, saying how long it was. */
export function truncateForLog(text: string, max = maxLoggedText): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters)`;
}

interface LoggedError {
  type: string;
  message: string;
  code?: string;
  stack?: string;
  cause?: LoggedError;
}

/**
 * pino's `err` serializer, bounded: the first line of the message (a failed query's message
 * goes on with every parameter, i.e. user data), cut to `maxLoggedText`; the stack's frames only
 * (its first line repeats the message); the cause one level deep.
 */
export function boundedError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: truncateForLog(String(error)) };
  const code = (error as { code?: unknown }).code;
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .slice(0, maxStackFrames)
    .map((line) => truncateForLog(line.trim(), 200));
  return {
    type: error.name,
    message: truncateForLog(error.message.split('\n')[0] ?? ''),
    ...(typeof code === 'string' || typeof code === 'number' ? { code: String(code) } : {}),
    ...(frames.length > 0 ? { stack: frames.join('\n') } : {}),
    ...(error.cause !== undefined && depth < 1 ? { cause: boundedError(error.cause, depth + 1) } : {}),
  };
}
