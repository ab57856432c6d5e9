import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App, type BuildAppOptions } from '../src/app.js';
import type { Database } from '../src/db/client.js';
import { createTestDatabase, type Backend } from './database.js';
import { createUserWithToken, type NewUser } from '../src/modules/user/commands.js';

export { backends, type Backend } from './database.js';

/** A clock tests move by hand. */
export class TestClock {
  private current = new Date('2026-01-15T12:00:00.000Z');
  now = () => new Date(this.current);
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface TestApp {
  app: App;
  database: Database;
  clock: TestClock;
}

const testSecretKey = 'ab'.repeat(32);
/** The test apps' SIM_ADMIN_KEY: `createUser` sends it to the sandbox's user-making route. */
export const testSandboxAdminKey = 'test-sandbox-admin-key';

/**
 * Builds the app on a fresh database of `backend` before the file's tests and closes both after.
 * The returned object is filled in `beforeAll`; read its fields inside tests.
 */
export function useTestApp(backend: Backend, overrides: Partial<BuildAppOptions> = {}): TestApp {
  const state = { clock: new TestClock() } as TestApp;
  let dispose: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const created = await createTestDatabase(backend);
    dispose = created.dispose;
    state.database = created.database;
    state.app = await buildApp({
      database: created.database,
      secretKey: testSecretKey,
      gameMode: 'sandbox',
      now: state.clock.now,
      authRateLimit: { max: 10_000, timeWindowMs: 60_000 },
      sandboxAdminKey: testSandboxAdminKey,
      ...overrides,
    });
    await state.app.ready();
  });
  afterAll(async () => {
    await state.app?.close();
    await dispose?.();
  });
  return state;
}

// Response bodies are checked with expect(); a loose type keeps the tests readable.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

export interface Reply<T = unknown> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A small client over `app.inject` that keeps one session cookie, like a browser. */
export class Client {
  cookie: string | undefined;
  constructor(readonly app: App) {}

  async request<T = Body>(method: Method, url: string, payload?: unknown): Promise<Reply<T>> {
    const response = await this.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: this.cookie ? { cookie: this.cookie } : {},
    });
    const setCookie = response.cookies.find((cookie) => cookie.name === 'td_session');
    if (setCookie) this.cookie = setCookie.value === '' ? undefined : `td_session=${setCookie.value}`;
    const isJson = String(response.headers['content-type'] ?? '').includes('application/json');
    return {
      status: response.statusCode,
      body: (isJson ? response.json() : response.body) as T,
      headers: response.headers,
    };
  }

  get = <T = Body>(url: string) => this.request<T>('GET', url);
  post = <T = Body>(url: string, payload?: unknown) => this.request<T>('POST', url, payload ?? {});
  put = <T = Body>(url: string, payload?: unknown) => this.request<T>('PUT', url, payload ?? {});
  delete = <T = Body>(url: string) => this.request<T>('DELETE', url);
}

let userCounter = 0;

/** Creates a user through the sandbox API (with the sandbox admin key). */
export async function createUser(
  app: App,
  options: {
    tier?: string;
    linked?: boolean;
    credits?: number;
    maxAccounts?: number;
    username?: string;
  } = {},
) {
  userCounter += 1;
  const username = options.username ?? `user${userCounter}_${Math.random().toString(36).slice(2, 8)}`;
  const response = await app.inject({
    method: 'POST',
    url: '/api/sandbox/users',
    headers: { 'x-sim-admin-key': testSandboxAdminKey },
    payload: { username, ...options },
  });
  if (response.statusCode !== 201)
    throw new Error(`createUser failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: { username: string; token: string } }).data;
}

/** A new user, signed in on its own client with a fingerprint of its own. */
export async function signedInUser(app: App, options: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(app, options);
  const client = new Client(app);
  const fingerprint = `fp-${user.username}`;
  const response = await client.post('/api/auth/token', { ...user, fingerprint, isIFrame: false });
  if (response.status !== 200)
    throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { ...user, fingerprint, client };
}

/** Signs in a user written straight to the database (live mode has no sandbox route). */
export async function signedInDirectUser(t: TestApp, input: NewUser = { username: `live_${Date.now()}` }) {
  const { token } = await createUserWithToken(t.database.db, input);
  const client = new Client(t.app);
  const fingerprint = `fp-${input.username}`;
  const response = await client.post('/api/auth/token', {
    username: input.username,
    token,
    fingerprint,
    isIFrame: false,
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
  return { username: input.username, token, fingerprint, client };
}
