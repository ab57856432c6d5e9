import { Writable } from 'node:stream';
import pino from 'pino';
import { loggerOptions } from '../src/lib/logger.js';

/** A production-configured logger (most verbose level unless named) whose every line is kept for the test to read. */
export function captureLog(level = 'trace') {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: pino(loggerOptions(level, false), sink), text: () => lines.join('') };
}
