import { describe, expect, it } from 'vitest';
import { captureLog } from '../log-capture.js';
import { signedInUser, useTestApp } from '../helpers.js';

describe('access log', () => {
  const log = captureLog('info');
  const t = useTestApp('pglite', { loggerInstance: log.logger, accessLogSampleEvery: 5 });

  it('logs one request in five at info, never a body, each line bounded', async () => {
    const { client } = await signedInUser(t.app);
    const before = log.text().split('\n').length;
    const secretLabel = 'SECRET-LABEL-'.repeat(10_000);
    for (let index = 0; index < 10; index += 1) await client.post('/api/filter', { label: secretLabel });
    const lines = log
      .text()
      .split('\n')
      .slice(before - 1)
      .filter((line) => line.includes('"category":"http"'));
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line.length).toBeLessThan(600);
      expect(line).not.toContain('SECRET-LABEL');
      expect(line).toContain('"url":"/api/filter"');
      expect(line).toContain('"status":400');
    }
  });
});
