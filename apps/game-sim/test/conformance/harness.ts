import { GameClient, sandboxConfig, type Credentials, type GameError } from '@tradedesk/game-client';
import { startSim, type RunningSim } from '../../src/index.js';

/** Conformance runs: the real game-client against the real sandbox game over loopback HTTP. */
export const adminKey = 'conformance-admin-key';

export interface Harness {
  sim: RunningSim;
  /** Calls the sim's admin API; throws on a non-2xx answer. */
  admin<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T>;
  close(): Promise<void>;
}

/** Starts a small seeded world on a frozen virtual clock (tests move time explicitly). */
export async function startHarness(options: Parameters<typeof startSim>[0] = {}): Promise<Harness> {
  const sim = await startSim({
    seed: 11,
    adminKey,
    clock: { speed: 0 },
    market: { initialListings: 400 },
    ...options,
  });
  const admin = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${sim.url}/admin${path}`, {
      method,
      headers: {
        'x-sim-admin-key': adminKey,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`admin ${method} ${path} answered ${response.status}: ${text}`);
    return (text === '' ? {} : JSON.parse(text)) as T;
  };
  return { sim, admin, close: () => sim.close() };
}

export interface TestAccount {
  id: number;
  credentials: Credentials;
  platform: 'pc' | 'ps';
}

let accountsMade = 0;

/** Creates an account through the admin API (invented e-mail, password and backup code). */
export async function createAccount(
  harness: Harness,
  options: { platform?: 'pc' | 'ps'; coins?: number } = {},
): Promise<TestAccount> {
  accountsMade += 1;
  const credentials = {
    email: `conformance${accountsMade}@example.com`,
    password: `pass-${accountsMade}-word`,
    backupCode: `BK${String(accountsMade).padStart(6, '0')}`,
  };
  const platform = options.platform ?? 'pc';
  const created = await harness.admin<{ id: number }>('POST', '/accounts', {
    ...credentials,
    platform,
    ...(options.coins === undefined ? {} : { coins: options.coins }),
  });
  return { id: created.id, credentials, platform };
}

/** A client for the sandbox, already signed in to `account`. */
export async function signedInClient(harness: Harness, account: TestAccount): Promise<GameClient> {
  // The client judges token expiry on the sim's (virtual) clock, as it would on the real one.
  const client = new GameClient({
    config: sandboxConfig(harness.sim.url),
    wallClock: () => harness.sim.world.now(),
  });
  await client.signIn(account.credentials, account.platform);
  return client;
}

/** The rejection of a promise that must fail. */
export async function rejectionOf(promise: Promise<unknown>): Promise<GameError> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error as GameError,
  );
}

/** A tradeable card definition of the sandbox catalogue (gold, rare 1 or common, not synthetic). */
export function goldCard(harness: Harness, offset = 0): { definitionId: number; baseId: number } {
  const cards = harness.sim.world.cards.filter(
    (card) => card.quality === 'gold' && !card.special && !card.synthetic,
  );
  const card = cards[offset];
  if (card === undefined) throw new Error('the catalogue has no gold card');
  return { definitionId: card.definitionId, baseId: card.baseId };
}

/** The next lower price on the game's ladder (steps 50, 100, 250, 500, 1,000). */
export const stepBelow = (price: number): number =>
  price -
  (price <= 1_000 ? 50 : price <= 10_000 ? 100 : price <= 50_000 ? 250 : price <= 100_000 ? 500 : 1_000);
