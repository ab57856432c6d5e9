import { describe, expect, it } from 'vitest';
import { redactUrl } from './app.js';

describe('request log redaction', () => {
  it('hides tokens, auth codes and sign-in ids in logged URLs', () => {
    expect(redactUrl('/web-app/session?access_token=abc.def&x=1')).toBe(
      '/web-app/session?access_token=***&x=1',
    );
    expect(redactUrl('/connect/auth?client_id=FUT&fid=e123s1&response_type=token')).toBe(
      '/connect/auth?client_id=FUT&fid=***&response_type=token',
    );
    expect(redactUrl('/ut/game/fc26/tradepile')).toBe('/ut/game/fc26/tradepile');
  });
});
