import type { ClockOption } from './core/clock.js';
import { createClock } from './core/clock.js';
import type { AbuseRules, MarketOptions, PileOptions, ProtocolOptions } from './core/config.js';
import { buildApp } from './http/app.js';
import type { CardStartValue } from './world/cards.js';
import { World } from './world/world.js';

export type { Clock, ClockOption } from './core/clock.js';
export { createClock } from './core/clock.js';
export { PROVIDERS, PROVIDER_PROFILES, type FeedPrice, type Provider } from './world/feeds.js';
export { GameError } from './core/errors.js';
export { World } from './world/world.js';
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
  close(): Promise<void>;
}

/** Starts the sandbox game on its own port. */
export async function startSim(options: SimOptions = {}): Promise<RunningSim> {
  const clock = createClock(options.clock ?? 'real');
  const world = new World(
    clock,
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
  );
  const { app, setOrigin } = buildApp({ world, adminKey: options.adminKey, logger: options.logger });
  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  setOrigin(url);
  return {
    url,
    hosts: {
      accounts: url,
      signin: url,
      gateway: url,
      game: url,
      webApp: `${url}/web-app/`,
      feeds: `${url}/feeds`,
    },
    gameSegment: world.options.protocol.gameSegment,
    world,
    close: () => app.close(),
  };
}
