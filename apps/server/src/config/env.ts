import { isIP } from 'node:net';
import { z } from 'zod';
import { paymentEnvSchema } from '../modules/payment/config.js';
import { priceEnvSchema } from '../modules/prices/config.js';

/** Accepted SECRET_KEY format: 32 random bytes written as 64 hexadecimal characters. */
export const secretKeyPattern = /^[0-9a-fA-F]{64}$/;

/** Comma-separated list, blanks dropped. */
const commaList = (value: unknown) =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '')
    : (value ?? []);

/** Remote agents' keys: comma-separated, each long enough not to be guessed. */
export const agentKeyMinLength = 32;
const agentKeysSchema = z.preprocess(
  commaList,
  z.array(
    z
      .string()
      .min(
        agentKeyMinLength,
        `AGENT_KEYS must be comma-separated keys of at least ${agentKeyMinLength} characters each`,
      )
      .regex(/^\S+$/, 'AGENT_KEYS keys must not contain spaces'),
  ),
);

/** An IPv4/IPv6 address, optionally with a /prefix (a CIDR range). */
const addressOrRange = z.string().refine((text) => {
  const [address = '', prefix] = text.split('/');
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}, 'TRUSTED_PROXIES must be comma-separated IP addresses or CIDR ranges (e.g. 10.0.0.0/8)');

/** A web origin: scheme, host and optional port, nothing else (https://partner.example). */
const originList = (variable: string) =>
  z.preprocess(
    commaList,
    z.array(
      z.string().refine((text) => {
        try {
          const url = new URL(text);
          return /^https?:$/.test(url.protocol) && url.origin === text.replace(/\/$/, '');
        } catch {
          return false;
        }
      }, `${variable} must be comma-separated origins such as https://partner.example`),
    ),
  );

/** Same rule as the stand-alone sandbox game's SIM_ADMIN_KEY (apps/game-sim/src/env.ts). */
export const simAdminKeyMinLength = 8;

/** A whole-number variable from `min` to `max`, with one message for every way it can be wrong. */
export const intVariable = (name: string, min: number, max: number, fallback: number) => {
  const message = `${name} must be a number from ${min} to ${max}`;
  return z.coerce
    .number({ invalid_type_error: message })
    .int(message)
    .min(min, message)
    .max(max, message)
    .default(fallback);
};

/** A TCP port variable (0 = any free one). */
export const portVariable = (name: string, fallback: number) => intVariable(name, 0, 65_535, fallback);

/** DATABASE_URL: a PostgreSQL address; `requiredError` makes it required with that reason. */
export const databaseUrlVariable = (requiredError?: string) =>
  z
    .string(requiredError === undefined ? undefined : { required_error: requiredError })
    .url('DATABASE_URL must be a URL such as postgres://user@host:5432/db')
    .refine((url) => /^postgres(ql)?:\/\//.test(url), 'DATABASE_URL must start with postgres://');

/** REDIS_URL: a Redis address; `requiredError` makes it required with that reason. */
export const redisUrlVariable = (requiredError?: string) =>
  z
    .string(requiredError === undefined ? undefined : { required_error: requiredError })
    .url('REDIS_URL must be a URL such as redis://127.0.0.1:6379')
    .refine((url) => /^rediss?:\/\//.test(url), 'REDIS_URL must start with redis://');

/**
 * The server's environment, validated once at start (the price database's settings included).
 * Parse it with `parseEnvWith` (as `parseEnv` does): blank variables count as unset there, not here.
 */
export const envSchema = z
  .object({
    PORT: portVariable('PORT', 8080),
    HOST: z.string().min(1).default('127.0.0.1'),
    /**
     * `/metrics` on this port (on HOST) instead of PORT, for the scraper alone: an Ingress or a
     * balancer in front of PORT then cannot show it. Unset: `/metrics` is on PORT.
     */
    METRICS_PORT: intVariable('METRICS_PORT', 1, 65_535, 0).optional(),
    DATABASE_URL: databaseUrlVariable().optional(),
    /**
     * PostgreSQL connections this node may hold. Every node of a cluster holds its own, so keep
     * nodes × size under the server's max_connections (PostgreSQL's default: 100).
     */
    DATABASE_POOL_SIZE: intVariable('DATABASE_POOL_SIZE', 1, 200, 20),
    /**
     * On SIGTERM the node answers not ready for this long before it closes, so the balancer (two
     * failed /readyz checks) or Kubernetes (endpoints) stops sending it anything first. 0 for a lone node.
     */
    SHUTDOWN_DRAIN_MS: intVariable('SHUTDOWN_DRAIN_MS', 0, 120_000, 0),
    DATA_DIR: z.string().min(1).default('./.data'),
    /** SBC solver threads (0: one per core the process may use, os.availableParallelism()). */
    SBC_SOLVER_THREADS: intVariable('SBC_SOLVER_THREADS', 0, 256, 0),
    /**
     * How far an unproven SBC squad is refined in the background after its first answer, in the
     * solver's work milliseconds (about a quiet core's ms each; 0: no refinement).
     */
    SBC_SOLVE_LIMIT_MS: intVariable('SBC_SOLVE_LIMIT_MS', 0, 600_000, 16_000),
    /** An account squad's first answer, in the solver's work milliseconds (well under a second of CPU). */
    SBC_FIRST_WORK_MS: intVariable('SBC_FIRST_WORK_MS', 1, 600_000, 300),
    SECRET_KEY: z
      .string()
      .regex(secretKeyPattern, 'SECRET_KEY must be 64 hexadecimal characters (32 bytes)')
      .optional(),
    GAME_MODE: z.enum(['sandbox', 'live']).default('sandbox'),
    /** Headful runs open a real Chromium per account (under Xvfb without a desktop); off runs them headless. */
    HEADFUL_SESSIONS: z
      .enum(['on', 'off'], { errorMap: () => ({ message: 'HEADFUL_SESSIONS must be on or off' }) })
      .default('on'),
    REDIS_URL: redisUrlVariable().optional(),
    AGENT_KEYS: agentKeysSchema,
    /**
     * This server node's name in a cluster (its embedded agent connects as `embedded-<NODE_ID>`);
     * default `<host name>-<PORT>`. Keep it stable across restarts of the node.
     */
    NODE_ID: z
      .string()
      .regex(
        /^[A-Za-z0-9_.:-]{1,100}$/,
        'NODE_ID must be 1 to 100 letters, digits, dots, colons, dashes or underscores',
      )
      .optional(),
    /** Whether this node runs an agent in-process (sandbox default: yes; a cluster runs its own). */
    EMBEDDED_AGENT: z
      .enum(['on', 'off'], { errorMap: () => ({ message: 'EMBEDDED_AGENT must be on or off' }) })
      .default('on'),
    /** A sandbox game already running elsewhere (a cluster's nodes share one); unset = embedded. */
    SIM_URL: z
      .string()
      .url('SIM_URL must be the sandbox game address, e.g. http://127.0.0.1:8090')
      .optional(),
    /**
     * Enables the sandbox admin powers (GAME_MODE=sandbox only): the embedded sandbox game's admin
     * API and POST /api/sandbox/users, both behind the header x-sim-admin-key. Never logged.
     */
    SIM_ADMIN_KEY: z
      .string()
      .min(simAdminKeyMinLength, `SIM_ADMIN_KEY must be at least ${simAdminKeyMinLength} characters`)
      .optional(),
    /**
     * Users made admins at every start (comma-separated usernames): how an operator makes the first
     * admin. Unset: `demo` in sandbox mode (the embedded default's demo login), nobody in live mode.
     */
    ADMIN_USERNAMES: z
      .preprocess(
        (value) => (value === undefined ? undefined : commaList(value)),
        z.array(
          z
            .string()
            .regex(
              /^[A-Za-z0-9_.-]{1,64}$/,
              'ADMIN_USERNAMES must be comma-separated usernames (letters, digits, dots, dashes, underscores)',
            ),
        ),
      )
      .optional(),
    /** Reverse proxies whose X-Forwarded-For names the client; none by default. */
    TRUSTED_PROXIES: z.preprocess(commaList, z.array(addressOrRange)),
    /** Sites that may embed the app in a frame (the iframe=true mode); the app itself always may. */
    FRAME_ANCESTORS: originList('FRAME_ANCESTORS'),
    /** Sites whose pages may open the socket hubs, besides the app's own origin. */
    ALLOWED_ORIGINS: originList('ALLOWED_ORIGINS'),
    /** Telegram bot of the second chat provider; without it Telegram ids are kept but not used. Never logged. */
    TELEGRAM_BOT_TOKEN: z.string().max(256).optional(),
    /** Telegram's Bot API address (a local receiver in tests). */
    TELEGRAM_API_URL: z.string().url().optional(),
    /** Log lines: 'pretty' (readable), 'json' (one object per line), or 'auto' (pretty on a terminal). */
    LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .merge(priceEnvSchema)
  .merge(paymentEnvSchema);

export type Env = z.infer<typeof envSchema>;

/** The outcome of parsing an environment: the values, or one readable line per bad variable. */
export type EnvResult<T> = { ok: true; env: T } | { ok: false; problems: string[] };

/**
 * The one environment parser (the server's and `npm run cluster`'s): blank variables count as
 * unset; on failure it answers one readable line per bad variable.
 */
export function parseEnvWith<Schema extends z.ZodTypeAny>(
  schema: Schema,
  source: Record<string, string | undefined>,
): EnvResult<z.infer<Schema>> {
  const blanksUnset = Object.fromEntries(
    Object.entries(source).map(([name, value]) => [name, value === '' ? undefined : value]),
  );
  const result = schema.safeParse(blanksUnset);
  if (result.success) return { ok: true, env: result.data as z.infer<Schema> };
  return {
    ok: false,
    // Only the variable's name: a key's position in AGENT_KEYS would hint at which secret is bad.
    problems: result.error.issues.map((issue) => `${String(issue.path[0] ?? 'env')}: ${issue.message}`),
  };
}

/** The usernames made admins at start: ADMIN_USERNAMES, else the demo login in sandbox mode. */
export const adminUsernamesOf = (env: Pick<Env, 'ADMIN_USERNAMES' | 'GAME_MODE'>): string[] =>
  env.ADMIN_USERNAMES ?? (env.GAME_MODE === 'sandbox' ? ['demo'] : []);

/** Parses the server's environment. */
export const parseEnv = (source: Record<string, string | undefined>): EnvResult<Env> =>
  parseEnvWith(envSchema, source);
