/**
 * The cluster bench's traders: sandbox users signed in through the balancer, their accounts and
 * filter, their web sockets (each noting the accounts its messages named), and the runs they start.
 */
import { randomBytes } from 'node:crypto';
import { defaultConfiguration, defaultNormalFilter, type Configuration } from '@tradedesk/domain';
import { io, type Socket } from 'socket.io-client';
import { stickyCookie } from '../src/cluster/haproxy.js';
import { RECOVERY_LIMIT_MS, seconds, sleep } from './cluster-waits.js';

/** A trader with a few accounts and a few tabs open: 100 users, 10 sockets each at the defaults. */
export const ACCOUNTS_PER_USER = 4;
export const SIM_ADMIN_KEY = 'bench-cluster-admin';
export const RONALDO = 20_801;

/** Errors the server answered to the bench's actions (start, stop), by description. */
export const actionErrors = new Map<string, number>();

export interface BenchUser {
  id: string;
  username: string;
  cookie: string;
  accountIds: string[];
  filter: unknown;
}

export interface WebClient {
  user: BenchUser;
  socket: Socket;
  /** Account ids named by the messages this socket received. */
  seenAccounts: Set<string>;
}

export class Http {
  constructor(
    private readonly base: string,
    private readonly cookie = '',
  ) {}
  async call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${this.base}${url}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      response,
    };
  }
}

/** The product's default pacing (a search every 1.5–3.5 s), headless. */
function benchConfiguration(): Configuration {
  const base = defaultConfiguration();
  return { ...base, advanced: { ...base.advanced, isHeadlessEnabled: true } };
}

export async function createUser(base: string, index: number): Promise<BenchUser> {
  const anonymous = new Http(base);
  const username = `bench_${index}_${randomBytes(3).toString('hex')}`;
  const created = await anonymous.call(
    'POST',
    '/api/sandbox/users',
    {
      username,
      tier: 'Snipe',
      // One more for the cross-node probe's spare account.
      maxAccounts: ACCOUNTS_PER_USER + 1,
    },
    { 'x-sim-admin-key': SIM_ADMIN_KEY },
  );
  if (created.status >= 300)
    throw new Error(`sandbox user: ${created.status} ${JSON.stringify(created.body)}`);
  const token = (created.body.data as { token: string }).token;
  const signIn = await anonymous.call('POST', '/api/auth/token', {
    username,
    token,
    fingerprint: `fp-${username}`,
    isIFrame: false,
  });
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status}`);
  // Browsers land on both nodes: each user is pinned to one by the balancer's cookie, in turn.
  const cookie = [
    ...signIn.response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .filter((pair) => !pair.startsWith(`${stickyCookie}=`)),
    `${stickyCookie}=node-${(index % 2) + 1}`,
  ].join('; ');
  const http = new Http(base, cookie);
  const me = await http.call('GET', '/api/user');
  const { id: _unsaved, ...filter } = {
    ...defaultNormalFilter('Ronaldo under 1k'),
    name: 'Cristiano Ronaldo',
    playerId: RONALDO,
    minPrice: 0,
    maxPrice: 1_000,
  };
  const savedFilter = await http.call('POST', '/api/filter', filter);
  if (savedFilter.status !== 200) throw new Error(`filter: ${savedFilter.status}`);
  return {
    id: (me.body.data as { id: string }).id,
    username,
    cookie,
    accountIds: [],
    filter: savedFilter.body.data,
  };
}

export function openWebClient(base: string, user: BenchUser): Promise<WebClient> {
  const socket = io(base, {
    path: '/client/snipe',
    auth: { clientType: 'web' },
    extraHeaders: { cookie: user.cookie },
    // A browser upgrades to WebSocket after its first polls; the bench's clients start there.
    transports: ['websocket'],
    reconnectionDelayMax: 2_000,
    forceNew: true,
  });
  const client: WebClient = { user, socket, seenAccounts: new Set() };
  socket.on('message', (message: { action: string; data: { id?: string; accountId?: string } }) => {
    if (message.action === 'update-account' && message.data.id) client.seenAccounts.add(message.data.id);
    if (message.data && typeof message.data.accountId === 'string')
      client.seenAccounts.add(message.data.accountId);
  });
  socket.on('connect', () => socket.emit('join'));
  socket.on('error', (error: { description?: string }) => {
    const description = error?.description ?? 'unknown';
    actionErrors.set(description, (actionErrors.get(description) ?? 0) + 1);
  });
  // A refused connection is tried again by the client itself; only a socket still silent after
  // the recovery limit fails the bench.
  return new Promise((resolve, reject) => {
    const silent = setTimeout(() => {
      socket.disconnect();
      reject(new Error(`a web socket got no answer within ${seconds(RECOVERY_LIMIT_MS)}`));
    }, RECOVERY_LIMIT_MS);
    socket.once('message', () => {
      clearTimeout(silent);
      resolve(client);
    });
  });
}

/** A sandbox game account of `user`, linked through the product's form (`POST /api/account`). */
export async function createAccount(base: string, user: BenchUser, label: string | number): Promise<string> {
  const answer = await new Http(base, user.cookie).call('POST', '/api/account', {
    email: `${user.username}.${label}@bench.example`,
    password: 'sandbox-password',
    backupCode: 'ABCD1234',
    platform: 'pc',
    isManualLogin: false,
  });
  if (answer.status >= 300) throw new Error(`account: ${answer.status} ${JSON.stringify(answer.body)}`);
  const accountId = (answer.body.data as { id: string }).id;
  user.accountIds.push(accountId);
  return accountId;
}

export interface BenchRun {
  user: BenchUser;
  accountId: string;
}

/** Each run started by its user's first web socket, as the desk's Start does. */
export async function startRuns(clients: readonly WebClient[], runs: readonly BenchRun[]) {
  for (const { user, accountId } of runs) {
    const client = clients.find((candidate) => candidate.user === user)!;
    client.socket.emit('message', {
      action: 'snipe-create-browser',
      data: {
        id: accountId,
        email: 'ignored@bench.example',
        password: 'not-the-stored-one',
        backupCode: 'XXXXXXXX',
        platform: 'pc',
        isManualLogin: false,
        filters: [user.filter],
        configuration: benchConfiguration(),
        providers: { discordId: '', discordWebhookUrl: '', telegramId: '' },
        isSwitchFilter: false,
      },
    });
    // Ten starts a second: a burst of hundreds would measure the start queue, not the runs.
    await sleep(100);
  }
}
