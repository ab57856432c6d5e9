// The page's game services: every call goes to the protocol endpoints the game client uses, with
// the session's X-UT-SID, so the sandbox's rate limits, captchas and soft bans apply to the page
// exactly as to any client. Contract: docs/sandbox-web-app.md, @tradedesk/domain/web-app.

const SID_KEY = 'webapp.sid';
const PLATFORM_KEY = 'webapp.platform';

/** What the page last read from the game (`window.repositories`). */
export const repositories = {
  User: { signedIn: false, coins: 0, personaName: '', clubName: '', platform: undefined },
  Item: { transferList: [], targets: [], unassigned: [], marketResults: [] },
};

/** Hooks the app installs: blocking answers (401, 458, 494, 512, 521) and coin changes. */
export const hooks = { onBlocked: (_status) => undefined, onCoins: (_coins) => undefined };

let config;
export function configure(value) {
  config = value;
}

export function sessionId() {
  return sessionStorage.getItem(SID_KEY) ?? undefined;
}

function forgetSession() {
  sessionStorage.removeItem(SID_KEY);
  sessionStorage.removeItem(PLATFORM_KEY);
  repositories.User.signedIn = false;
}

export function setCoins(coins) {
  if (typeof coins !== 'number' || !Number.isFinite(coins)) return;
  repositories.User.coins = coins;
  hooks.onCoins(coins);
}

const BLOCKING = new Set([401, 458, 494, 512, 521]);

/** One game call; resolves `{success, status, data, error}` and never rejects. */
async function call(method, path, body) {
  const headers = { Accept: '*/*', 'Cache-Control': 'no-cache' };
  const sid = sessionId();
  if (sid) headers['X-UT-SID'] = sid;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let status = 0;
  let data;
  try {
    const response = await fetch(`${config.gamePrefix}/${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    status = response.status;
    const text = await response.text();
    data = text ? JSON.parse(text) : {};
  } catch {
    data = undefined;
  }
  document.dispatchEvent(
    new CustomEvent('webapp:call', { detail: { method, path: path.split('?')[0], status } }),
  );
  const success = status >= 200 && status < 300;
  if (success && data && typeof data.credits === 'number') setCoins(data.credits);
  const error = success
    ? undefined
    : { code: Number(data?.code ?? status), reason: String(data?.reason ?? 'Network error') };
  if (status === 401) forgetSession();
  if (BLOCKING.has(status)) hooks.onBlocked(status);
  return { success, status, data: success ? data : (data ?? undefined), error };
}

function query(params) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  return search.toString();
}

/** `window.services`. */
export const services = {
  Market: {
    async search(criteria, page = 0) {
      const answer = await call(
        'GET',
        `transfermarket?${query({ num: 21, start: page * 20, type: 'player', ...criteria })}`,
      );
      if (answer.success) repositories.Item.marketResults = answer.data.auctionInfo.slice(0, 20);
      return answer;
    },
    bid: (tradeId, amount) => call('PUT', `trade/${tradeId}/bid`, { bid: amount }),
    status: (tradeIds) => call('GET', `trade/status/lite?tradeIds=${tradeIds.join(',')}`),
    list: (itemId, startingBid, buyNowPrice, duration) =>
      call('POST', 'auctionhouse', { itemData: { id: itemId }, startingBid, buyNowPrice, duration }),
    relistAll: () => call('PUT', 'auctionhouse/relist'),
    clearSold: () => call('DELETE', 'trade/sold'),
    removeEntry: (tradeId) => call('DELETE', `trade/${tradeId}`),
    watch: (tradeId) => call('PUT', 'watchlist', { auctionInfo: [{ id: tradeId }] }),
    unwatch: (tradeId) => call('DELETE', `watchlist?tradeId=${tradeId}`),
    priceLimits: (itemId) => call('GET', `marketdata/item/pricelimits?itemIdList=${itemId}`),
  },
  Item: {
    move: (itemId, pile, tradeId) =>
      call('PUT', 'item', {
        itemData: [{ id: itemId, pile, ...(tradeId ? { tradeId: String(tradeId) } : {}) }],
      }),
    quickSell: (itemId) => call('DELETE', `item/${itemId}`),
    async unassigned() {
      const answer = await call('GET', 'purchased/items');
      if (answer.success) repositories.Item.unassigned = answer.data.itemData;
      return answer;
    },
  },
  Store: {
    async transferList() {
      const answer = await call('GET', 'tradepile');
      if (answer.success) repositories.Item.transferList = answer.data.auctionInfo;
      return answer;
    },
    async targets() {
      const answer = await call('GET', 'watchlist');
      if (answer.success) repositories.Item.targets = answer.data.auctionInfo;
      return answer;
    },
  },
  User: {
    credits: () => call('GET', 'user/credits'),
    async massInfo() {
      const answer = await call('GET', 'usermassinfo');
      if (answer.success) {
        const info = answer.data.userInfo;
        Object.assign(repositories.User, {
          signedIn: true,
          personaName: info.personaName,
          clubName: info.clubName,
          platform: sessionStorage.getItem(PLATFORM_KEY) ?? undefined,
        });
        setCoins(info.credits);
      }
      return answer;
    },
  },
};

/** Keeps a UT session the caller already holds (Launch Webapp, headful sessions). */
export function adoptSession(sid, platform) {
  sessionStorage.setItem(SID_KEY, sid);
  if (platform === 'pc' || platform === 'ps') sessionStorage.setItem(PLATFORM_KEY, platform);
}

async function json(response) {
  const text = await response.text();
  return text ? JSON.parse(text) : {};
}

/**
 * What the game's web app does with the access token from `auth.html`: the Nucleus id, an auth
 * code, the personas, another code and `POST /ut/auth`. Returns an error text or undefined.
 */
export async function signInWithToken(token) {
  const me = await fetch('/proxy/identity/pids/me', { headers: { Authorization: `Bearer ${token}` } });
  if (!me.ok) return 'Your sign-in has expired. Sign in again.';
  const nucleusId = (await json(me)).pid.pidId;
  const code = async (sequence) => {
    const response = await fetch(
      `/connect/auth?${query({ client_id: 'FUTWEB_BK_OL_SERVER', redirect_uri: 'nucleus:rest', response_type: 'code', access_token: token, release_type: 'prod', client_sequence: sequence })}`,
    );
    return response.ok ? (await json(response)).code : undefined;
  };
  const infoCode = await code('shard5');
  if (!infoCode) return 'Your sign-in has expired. Sign in again.';
  const info = await fetch(
    `${config.gamePrefix}/v2/user/accountinfo?${query({ filterConsoleLogin: true, sku: `FUT${config.year}WEB`, returningUserGameYear: `20${Number(config.year) - 1}`, clientVersion: 1 })}`,
    {
      headers: {
        'Easw-Session-Data-Nucleus-Id': String(nucleusId),
        'Nucleus-Access-Code': infoCode,
        'Nucleus-Redirect-Url': 'nucleus:rest',
      },
    },
  );
  if (info.status === 465) return 'There is no Ultimate Team club on this account.';
  if (!info.ok) return 'The game could not load your account. Sign in again.';
  const persona = (await json(info)).userAccountInfo.personas[0];
  const club = persona?.userClubList?.[0];
  if (!persona || !club) return 'There is no Ultimate Team club on this account.';
  const platform = club.platform === 'pc' ? 'pc' : 'ps';
  const authCode = await code('ut-auth');
  if (!authCode) return 'Your sign-in has expired. Sign in again.';
  const auth = await fetch('/ut/auth', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-UT-PHISHING-TOKEN': '0' },
    body: JSON.stringify({
      clientVersion: 1,
      gameSku: `FFA${config.year}${platform === 'pc' ? 'PCC' : 'PS5'}`,
      identification: { authCode, redirectUrl: 'nucleus:rest', tid: 'RETAIL' },
      isReadOnly: false,
      locale: 'en-US',
      method: 'authcode',
      nucleusPersonaId: persona.personaId,
      priorityLevel: 4,
      sku: `FUT${config.year}WEB`,
      ds: '',
    }),
  });
  if (!auth.ok) return `The game refused the session (${auth.status}).`;
  adoptSession((await json(auth)).sid, platform);
  return undefined;
}

/** DELETE `/ut/auth`, then forget the session. */
export async function signOut() {
  const sid = sessionId();
  if (sid) await fetch('/ut/auth', { method: 'DELETE', headers: { 'X-UT-SID': sid } }).catch(() => undefined);
  forgetSession();
}

/** The captcha screen's solve button (sandbox stand-in for the puzzle). */
export async function solveCaptcha() {
  const sid = sessionId();
  const response = await fetch('/web-app/captcha/solve', {
    method: 'POST',
    headers: sid ? { 'X-UT-SID': sid } : {},
  });
  return response.ok;
}

/** Player-name suggestions for the search form. */
export async function suggestPlayers(name) {
  const response = await fetch(`/web-app/players?${query({ name })}`);
  return response.ok ? json(response) : [];
}
