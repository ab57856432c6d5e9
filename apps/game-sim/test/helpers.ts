import type { RunningSim } from '../src/index.js';

/** Wire JSON as tests read it (any shape; assertions check it). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests index arbitrary answers
export type WireJson = any;

const REDIRECT = 'https://www.ea.com/ea-sports-fc/ultimate-team/web-app/auth.html';

export interface SignedIn {
  sid: string;
  accessToken: string;
  personaId: number;
  nucleusId: number;
}

function form(fields: Record<string, string>): { body: string; headers: Record<string, string> } {
  return {
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}

/** Walks the sign-in pages like a headless client; returns the final HTML on failure. */
export async function accessToken(
  sim: RunningSim,
  email: string,
  password: string,
  code: string,
): Promise<string | { failedWith: string }> {
  const start = await fetch(
    `${sim.hosts.accounts}/connect/auth?client_id=FC26_JS_WEB_APP&response_type=token&display=web2/login&prompt=login&redirect_uri=${encodeURIComponent(REDIRECT)}`,
    { redirect: 'manual' },
  );
  const loginUrl = new URL(start.headers.get('location') ?? '', sim.url).toString();
  const post = (fields: Record<string, string>) =>
    fetch(loginUrl, { method: 'POST', ...form(fields), redirect: 'manual' }).then((r) => r.text());
  const afterCredentials = await post({ email, password, loginMethod: 'emailPassword', _eventId: 'submit' });
  if (!afterCredentials.includes('verification code')) return { failedWith: afterCredentials };
  await post({ codeType: 'APP', _eventId: 'submit' });
  const afterCode = await post({ oneTimeCode: code, _trustThisDevice: 'on', _eventId: 'submit' });
  const completeUrl = /href="([^"]+)"/.exec(afterCode)?.[1]?.replaceAll('&amp;', '&');
  if (!completeUrl || !afterCode.includes('fid=')) return { failedWith: afterCode };
  const complete = await fetch(completeUrl, { redirect: 'manual' });
  const location = complete.headers.get('location') ?? '';
  return new URLSearchParams(location.split('#')[1] ?? '').get('access_token') ?? '';
}

/** Full sign-in: pages, identity, auth codes, account info and `/ut/auth`. */
export async function signIn(
  sim: RunningSim,
  email: string,
  password: string,
  code: string,
  gameSku = 'FFA26PS5',
): Promise<SignedIn> {
  const token = await accessToken(sim, email, password, code);
  if (typeof token !== 'string') throw new Error(`sign-in failed: ${token.failedWith.slice(0, 300)}`);
  const pid = (await (
    await fetch(`${sim.hosts.gateway}/proxy/identity/pids/me`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as {
    pid: { pidId: number };
  };
  const authCode = async () =>
    (
      (await (
        await fetch(
          `${sim.hosts.accounts}/connect/auth?client_id=FUTWEB_BK_OL_SERVER&redirect_uri=nucleus:rest&response_type=code&access_token=${token}`,
        )
      ).json()) as { code: string }
    ).code;
  const info = (await (
    await fetch(
      `${sim.hosts.game}/ut/game/${sim.gameSegment}/v2/user/accountinfo?filterConsoleLogin=true&sku=FUT26WEB`,
      {
        headers: {
          'Easw-Session-Data-Nucleus-Id': String(pid.pid.pidId),
          'Nucleus-Access-Code': await authCode(),
          'Nucleus-Redirect-Url': 'nucleus:rest',
        },
      },
    )
  ).json()) as { userAccountInfo: { personas: { personaId: number }[] } };
  const personaId = info.userAccountInfo.personas[0]?.personaId ?? 0;
  const auth = await fetch(`${sim.hosts.game}/ut/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-UT-PHISHING-TOKEN': '0' },
    body: JSON.stringify({
      clientVersion: 1,
      gameSku,
      identification: { authCode: await authCode(), redirectUrl: 'nucleus:rest' },
      isReadOnly: false,
      locale: 'en-US',
      method: 'authcode',
      nucleusPersonaId: personaId,
      priorityLevel: 4,
      sku: 'FUT26WEB',
      ds: '',
    }),
  });
  const body = (await auth.json()) as { sid: string };
  if (!auth.ok) throw new Error(`ut/auth failed: ${JSON.stringify(body)}`);
  return { sid: body.sid, accessToken: token, personaId, nucleusId: pid.pid.pidId };
}

/** A game call with the session header; returns status and parsed JSON. */
export async function game(
  sim: RunningSim,
  sid: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: WireJson }> {
  const response = await fetch(`${sim.hosts.game}/ut/game/${sim.gameSegment}/${path}`, {
    method,
    headers: { 'X-UT-SID': sid, 'content-type': 'application/json', 'cache-control': 'no-cache' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

export async function admin(
  sim: RunningSim,
  key: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: WireJson }> {
  const response = await fetch(`${sim.url}/admin${path}`, {
    method,
    headers: {
      'x-sim-admin-key': key,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}
