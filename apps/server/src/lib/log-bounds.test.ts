import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { maxLoggedText } from './log-bounds.js';
import { loggerOptions } from './logger.js';

function capture() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { log: pino(loggerOptions('info', false), sink), lines };
}

describe('bounded error lines', () => {
  it('logs a failed query with a 1 MB parameter as a short line without the parameters', () => {
    const { log, lines } = capture();
    const label = 'L'.repeat(1_000_000);
    const cause = Object.assign(
      new Error(`index row size 2712 exceeds maximum 2704 for index "filters_label"`),
      {
        code: '54000',
      },
    );
    const failed = new Error(`Failed query: insert into "filters" ("label") values ($1)\nparams: ${label}`, {
      cause,
    });
    log.error({ err: failed }, 'request failed');
    const line = lines.join('');
    expect(line.length).toBeLessThan(4_000);
    expect(line).not.toContain('LLLLLLLLLL'.repeat(40));
    const parsed = JSON.parse(line) as { err: { message: string; cause: { code: string; message: string } } };
    expect(parsed.err.message).toBe('Failed query: insert into "filters" ("label") values ($1)');
    expect(parsed.err.cause.code).toBe('54000');
  });

  it('cuts a long first line and says how long it was', () => {
    const { log, lines } = capture();
    log.error({ err: new Error('x'.repeat(10_000)) }, 'failed');
    const parsed = JSON.parse(lines.join('')) as { err: { message: string } };
    expect(parsed.err.message).toBe(`${'x'.repeat(maxLoggedText)}… (10000 characters)`);
  });
});
