import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger.js';

describe('logger', () => {
  it('blanks out passwords, backup codes, tokens and cookies wherever they appear', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = pino(loggerOptions('info', false), sink);
    log.info({
      password: 'pw-top',
      account: { email: 'a@example.com', password: 'pw-nested', backupCode: 'BACKUP12' },
      body: { credentials: { token: 'licence-token' } },
      req: { headers: { cookie: 'td_session=abc' } },
    });
    const text = lines.join('');
    for (const secret of ['pw-top', 'pw-nested', 'BACKUP12', 'licence-token', 'td_session=abc'])
      expect(text).not.toContain(secret);
    expect(text).toContain('a@example.com');
    expect(text).toContain('[redacted]');
  });
});
