import type { ClockOption } from './core/clock.js';
import { createClock } from './core/clock.js';
import type { AbuseRules, MarketOptions, PileOptions, ProtocolOptions } from './core/config.js';
import { buildApp } from './http/app.js';
import type { CardStartValue } from './world/cards.js';
import { loadSnapshot, saveSnapshot, snapshotOf, type WorldSnapshot } from './world/persistence.js';
import { World } from './world/world.js';

export type { Clock, ClockOption } from './core/clock.js';
export { createClock } from './core/clock.js';
export { PROVIDERS, PROVIDER_PROFILES, type FeedPrice, type Provider } from './world/feeds.js';
export { GameError } from './core/errors.js';
export { STARTER_TRADEABLES, World } from './world/world.js';
export type { Account, Item, Trade } from './world/types.js';
export type { CardStartValue } from './world/cards.js';

/** Options of the sandbox game. Every field is optional; docs/sandbox.md lists the defaults. */
export interface SimOptions {
  /** Port to listen on; 0 (default) picks a free port. */
  port?: number;
  /** Interface to bind; default 127.0.0.1. */
  host?: string;
  /** Seed of all world randomness; default 1. */
  seed?: number;
  /** Enables the admin API (header `x-sim-admin-key`); unset = admin API answers 403. */
  adminKey?: string;
  /** 'real' (default) or a virtual clock running at ×speed that can be advanced. */
  clock?: ClockOption;
  /** Coins of a new account; default 100,000. */
  startingCoins?: number;
  /** Sign-in with an unknown e-mail and a well-formed backup code creates the account; default true. */
  sandboxAutoCreate?: boolean;
  abuse?: Partial<AbuseRules>;
  market?: Partial<MarketOptions>;
  piles?: Partial<PileOptions>;
  protocol?: Partial<ProtocolOptions>;
  /** Fastify request logging; default false. */
  logger?: boolean;
  /** Cards whose market value starts here instead of the sim's own (rehearsals). */
  startValues?: readonly CardStartValue[];
  /**
   * A file that keeps the world's accounts, items and their trades across restarts: read at start,
   * written every `saveEveryMs` (default 5 s) and at close. Unset: every start is a new world.
   */
  stateFile?: string;
  saveEveryMs?: number;
}

/** Base URLs a client points at; on one sim they share the origin (paths do not collide). */
export interface SimHosts {
  /** accounts.ea.com: `connect/auth`. */
  accounts: string;
  /** signin.ea.com: the sign-in pages (reached by redirect). */
  signin: string;
  /** gateway.ea.com: `proxy/identity/pids/me`. */
  gateway: string;
  /** The UTAS host: `/ut/auth`, `/ut/game/<segment>/...`. */
  game: string;
  /** The small web app UI. */
  webApp: string;
  /** Price-site feeds. */
  feeds: string;
}

export interface RunningSim {
  /** http://127.0.0.1:PORT */
  url: string;
  hosts: SimHosts;
  /** The `<game>` path segment, e.g. fc26. */
  gameSegment: string;
  world: World;
  /** With `stateFile`: whether the world came back from it, or why a file there was not used. */
  state?: { restored: boolean; problem?: string };
  close(): Promise<void>;
}

/** The seeded world of these options on their clock. */
function createWorld(options: SimOptions, saved?: WorldSnapshot): World {
  return new World(
    createClock(options.clock ?? 'real'),
    {
      seed: options.seed,
      startingCoins: options.startingCoins,
      sandboxAutoCreate: options.sandboxAutoCreate,
      abuse: options.abuse,
      market: options.market,
      piles: options.piles,
      protocol: options.protocol,
    },
    options.startValues,
    saved,
  );
}

/** Loads the saved world of `stateFile` and keeps saving it; without a file, nothing is kept. */
async function persisted(options: SimOptions) {
  const { stateFile } = options;
  if (stateFile === undefined) return { world: createWorld(options), stop: async () => {} };
  const loaded = await loadSnapshot(stateFile);
  const world = createWorld(options, loaded.snapshot);
  const problem =
    loaded.problem ??
    (loaded.snapshot && !world.restored
      ? `${stateFile} was saved with another seed or catalogue; a new world starts`
      : undefined);
  let saving: Promise<void> = Promise.resolve();
  const save = () => (saving = saving.then(() => saveSnapshot(stateFile, snapshotOf(world))).catch(() => {}));
  const timer = setInterval(() => void save(), options.saveEveryMs ?? 5_000);
  timer.unref();
  return {
    world,
    state: { restored: world.restored, ...(problem ? { problem } : {}) },
    stop: async () => {
      clearInterval(timer);
      await save();
    },
  };
}

/** The base URLs of a sim reached at `url`. */
const hostsAt = (url: string): SimHosts => ({
  accounts: url,
  signin: url,
  gateway: url,
  game: url,
  webApp: `${url}/web-app/`,
  feeds: `${url}/feeds`,
});

/** Starts the sandbox game on its own port. */
export async function startSim(options: SimOptions = {}): Promise<RunningSim> {
  const { world, state, stop } = await persisted(options);
  const { app, setOrigin } = buildApp({ world, adminKey: options.adminKey, logger: options.logger });
  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  setOrigin(url);
  return {
    url,
    hosts: hostsAt(url),
    gameSegment: world.options.protocol.gameSegment,
    world,
    ...(state ? { state } : {}),
    close: async () => {
      await app.close();
      await stop();
    },
  };
}

/** The sandbox game without a port: its `fetch` hands each request straight to the app. */
export interface InProcessSim extends RunningSim {
  /** A `fetch` for the sim's hosts (the game client's transport takes it): no socket, no HTTP parsing twice. */
  fetch: typeof fetch;
}

/** Statuses whose answer has no body (a `Response` refuses one). */
const bodiless = new Set([101, 204, 205, 304]);

/**
 * The sandbox game in this process, reached through `fetch` (Fastify's `inject`), for a caller
 * that runs its client beside the world (a rehearsal's child process): the same routes and wire
 * format as over HTTP, without a port or a socket per request.
 */
export async function openInProcessSim(
  options: Omit<SimOptions, 'port' | 'host'> = {},
): Promise<InProcessSim> {
  const world = createWorld(options);
  const { app, setOrigin } = buildApp({ world, adminKey: options.adminKey, logger: options.logger });
  await app.ready();
  const url = 'http://sandbox.invalid';
  setOrigin(url);
  const inProcessFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const target = new URL(input instanceof Request ? input.url : String(input));
    const headers: Record<string, string> = { host: target.host };
    new Headers(init?.headers).forEach((value, name) => (headers[name] = value));
    const answer = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: `${target.pathname}${target.search}`,
      headers,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const answerHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers))
      for (const each of Array.isArray(value) ? value : [value])
        if (each !== undefined) answerHeaders.append(name, String(each));
    return new Response(bodiless.has(answer.statusCode) ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers: answerHeaders,
    });
  };
  return {
    url,
    hosts: hostsAt(url),
    gameSegment: world.options.protocol.gameSegment,
    world,
    fetch: inProcessFetch as typeof fetch,
    close: () => app.close(),
  };
}
