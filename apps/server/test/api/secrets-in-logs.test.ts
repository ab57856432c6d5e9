import { describe, expect, it } from 'vitest';
import { captureLog } from '../log-capture.js';
import { backends, signedInUser, useTestApp } from '../helpers.js';

const password = 'Sup3r-Secret-Pass';
const backupCode = 'BKUP7319';
const newPassword = 'An0ther-Secret-Pass';
const newBackupCode = 'BKUP8642';

describe.each(backends)('game credentials never reach the log (%s)', (backend) => {
  const log = captureLog();
  const t = useTestApp(backend, { loggerInstance: log.logger });

  it('keeps passwords and backup codes out of every log line of create, import, edit and decrypt', async () => {
    const user = await signedInUser(t.app);
    const body = { email: 'secret@example.com', password, backupCode, isManualLogin: false, platform: 'pc' };
    const created = await user.client.post('/api/account', body);
    expect(created.status).toBe(201);
    // Failing paths too: a duplicate, a bad row in a bulk import and a bad edit.
    expect((await user.client.post('/api/account', body)).status).toBe(409);
    const bulk = await user.client.post('/api/account/bulk', [
      { ...body, email: 'bulk@example.com' },
      { ...body, email: 'broken', backupCode: `${backupCode}9` },
    ]);
    expect(bulk.status).toBe(201);
    const edit = { ...body, id: created.body.data.id, password: newPassword, backupCode: newBackupCode };
    expect((await user.client.put('/api/account', edit)).status).toBe(200);
    expect((await user.client.put('/api/account', { ...edit, backupCode: 'short' })).status).toBe(400);
    const decrypted = await user.client.post('/api/user/decrypt', { token: created.body.data.id });
    expect(decrypted.body.data).toMatchObject({ password: newPassword, backupCode: newBackupCode });

    const text = log.text();
    expect(text).toContain('/api/user/decrypt'); // the requests were logged at all
    for (const secret of [password, backupCode, newPassword, newBackupCode])
      expect(text).not.toContain(secret);
  });
});
