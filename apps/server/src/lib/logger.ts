import type { LoggerOptions } from 'pino';
import { boundedError } from './log-bounds.js';

/**
 * Paths pino blanks out wherever they appear in a log line: credentials of game accounts,
 * licence tokens, sign-in codes, session cookies and the encryption key.
 */
const secretKeys = ['password', 'backupCode', 'token', 'signInCode', 'secretKey', 'SECRET_KEY', 'cookie'];
export const redactedPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  ...secretKeys,
  ...secretKeys.map((key) => `*.${key}`),
  ...secretKeys.map((key) => `*.*.${key}`),
];

/** Pino options shared by the server and its tests; pretty output only on a terminal. */
export function loggerOptions(level: string, pretty = process.stdout.isTTY === true): LoggerOptions {
  return {
    level,
    redact: { paths: redactedPaths, censor: '[redacted]' },
    // A failed query's error carries the query and every parameter: only a bounded summary is logged.
    serializers: { err: boundedError },
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}
