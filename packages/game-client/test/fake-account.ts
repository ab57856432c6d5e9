import type { FakeGame, FakeReply, SeenRequest } from './fake-game.js';

/** The one test account the fake sign-in pages know (invented values). */
export const testAccount = {
  email: 'trader@example.com',
  password: 'correct-horse-7',
  backupCode: 'K7Q2M9XA',
};

const loginForm = (error = '') => `<!doctype html><html><body>
<div class="otkform-group-haserror">${error}</div>
<form id="login-form" method="post" action="">
  <input type="hidden" name="execution" value="e1s1">
  <input type="text" name="email" value="">
  <input type="password" name="password" value="">
  <input type="hidden" name="_eventId" value="submit">
  <button type="submit" name="logInBtn">Sign in</button>
</form></body></html>`;

const methodForm = `<!doctype html><html><body><h1>Verify your identity</h1>
<form method="post" action="/p/juno/tfa?execution=e1s2">
  <input type="radio" name="codeType" value="EMAIL" checked> Email
  <input type="radio" name="codeType" value="APP"> Authenticator app or backup code
  <input type="hidden" name="_eventId" value="submit">
</form></body></html>`;

const codeForm = (error = '') => `<!doctype html><html><body><p class="error">${error}</p>
<form method="post" action="/p/juno/tfa?execution=e1s3">
  <input type="text" name="oneTimeCode" value="">
  <input type="checkbox" name="trustThisDevice">
  <input type="hidden" name="_eventId" value="submit">
</form></body></html>`;

const form = (request: SeenRequest) => new URLSearchParams(request.body);

export interface FakeAccountState {
  /** Access tokens the fake accepts; tests revoke them to simulate expiry. */
  validTokens: Set<string>;
  /** Session ids the fake accepts on game calls. */
  validSids: Set<string>;
  /** Sessions issued so far (also the suffix of the next sid). */
  sessionsIssued: number;
  /** What `userClubList` says about the persona. */
  club: { year: string; platform: string };
  /** Whether the remember-me cookie still mints tokens (`prompt=none`). */
  rememberValid: boolean;
}

/** Installs EA-like sign-in pages, identity, auth codes, account info and `/ut/auth` on a fake game. */
export function installFakeAccount(game: FakeGame): FakeAccountState {
  const state: FakeAccountState = {
    validTokens: new Set(),
    validSids: new Set(),
    sessionsIssued: 0,
    club: { year: '2025', platform: 'pc' },
    rememberValid: true,
  };
  let tokensIssued = 0;
  const issueToken = () => {
    tokensIssued += 1;
    const token = `test-token-${tokensIssued}`;
    state.validTokens.add(token);
    return token;
  };

  game.on('GET', '/connect/auth', (request): FakeReply => {
    if (request.query['response_type'] === 'code') {
      const token = request.query['access_token'] ?? '';
      return state.validTokens.has(token)
        ? { body: { code: `<code-${request.query['client_sequence']}>` } }
        : { status: 401, body: { error: 'invalid_token' } };
    }
    if (request.query['prompt'] === 'none') {
      const remembered = request.headers.cookie?.includes('remid=r-1') === true && state.rememberValid;
      return remembered
        ? { body: { access_token: issueToken(), token_type: 'Bearer', expires_in: 3600 } }
        : { status: 400, body: { error: 'login_required' } };
    }
    if (request.query['fid'] !== undefined) {
      const token = issueToken();
      const target = `https://www.ea.com/ea-sports-fc/ultimate-team/web-app/auth.html#access_token=${token}&token_type=Bearer&expires_in=3600`;
      return { status: 302, headers: { location: target, 'set-cookie': 'remid=r-1; Path=/; HttpOnly' } };
    }
    return {
      status: 302,
      headers: { location: '/p/juno/login?execution=e1s1', 'set-cookie': 'signin=started; Path=/; HttpOnly' },
    };
  });
  game.on('GET', '/p/juno/login', (request) =>
    request.headers.cookie?.includes('signin=started') === true
      ? { body: loginForm() }
      : { status: 400, body: '<html><body>Cookies are required</body></html>' },
  );
  game.on('POST', '/p/juno/login', (request) => {
    const fields = form(request);
    if (fields.get('email') !== testAccount.email || fields.get('password') !== testAccount.password) {
      return {
        body: loginForm(
          'Your credentials are incorrect or have expired. Please try again or reset your password.',
        ),
      };
    }
    return { status: 302, headers: { location: '/p/juno/tfa?execution=e1s2' } };
  });
  game.on('GET', '/p/juno/tfa', () => ({ body: methodForm }));
  game.on('POST', '/p/juno/tfa', (request) => {
    const fields = form(request);
    if (fields.has('codeType')) return { body: codeForm() };
    if (fields.get('oneTimeCode') !== testAccount.backupCode) {
      return { body: codeForm('The security code you entered is invalid.') };
    }
    return { status: 302, headers: { location: '/connect/auth?client_id=FC26_JS_WEB_APP&fid=test-fid' } };
  });
  game.on('GET', '/proxy/identity/pids/me', (request) => {
    const token = request.headers.authorization?.replace('Bearer ', '') ?? '';
    return state.validTokens.has(token)
      ? { body: { pid: { pidId: 1000000001, status: 'ACTIVE' } } }
      : { status: 401, body: { error: 'invalid_token' } };
  });
  game.on('GET', '/ut/game/fc26/v2/user/accountinfo', () => ({
    body: {
      userAccountInfo: {
        personas: [
          {
            personaId: 2000000001,
            personaName: 'SandboxTrader',
            userClubList: [{ ...state.club, clubName: 'Sandbox FC', skuAccessList: { FFA26PCC: 1 } }],
          },
        ],
      },
    },
  }));
  game.on('POST', '/ut/auth', () => {
    state.sessionsIssued += 1;
    const sid = `test-sid-${state.sessionsIssued}`;
    state.validSids.add(sid);
    return { body: { sid, phishingToken: '0', protocol: 'https' } };
  });
  return state;
}

/** Answers a game call only when the sid is valid; otherwise the game's 401. */
export function requireSid(state: FakeAccountState, request: SeenRequest, body: unknown) {
  const sid = request.headers['x-ut-sid'];
  if (typeof sid !== 'string' || !state.validSids.has(sid)) {
    return { status: 401, body: { code: 401, reason: 'expired session' } };
  }
  return { body };
}
