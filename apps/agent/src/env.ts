import { z } from 'zod';

/** A remote agent's environment, validated once at start. */
export const agentEnvSchema = z.object({
  SERVER_URL: z.string().url('SERVER_URL must be the server address, e.g. https://trade.example.com'),
  AGENT_KEY: z.string().min(32, "AGENT_KEY must be at least 32 characters (one of the server's AGENT_KEYS)"),
  AGENT_ID: z.string().min(1).max(200).optional(),
  CAPACITY: z.coerce
    .number({ invalid_type_error: 'CAPACITY must be a number from 1 to 1000' })
    .int('CAPACITY must be a number from 1 to 1000')
    .min(1, 'CAPACITY must be a number from 1 to 1000')
    .max(1_000, 'CAPACITY must be a number from 1 to 1000')
    .default(50),
  GAME_MODE: z.enum(['sandbox', 'live']).default('sandbox'),
  /** The sandbox game's address (sandbox mode). */
  SIM_URL: z.string().url('SIM_URL must be the sandbox game address, e.g. http://127.0.0.1:8090').optional(),
  /** A price-site feed to read instead of the server's price database (tests, benchmarks). */
  PRICE_FEED_URL: z
    .string()
    .url('PRICE_FEED_URL must be a URL such as http://127.0.0.1:8090/feeds')
    .optional(),
  /** Headful runs open a Chromium window per account (under Xvfb without a desktop). */
  HEADFUL_SESSIONS: z
    .enum(['on', 'off'], { errorMap: () => ({ message: 'HEADFUL_SESSIONS must be on or off' }) })
    .default('on'),
  /** A file the agent keeps while connected to a server: an orchestrator's readiness check reads it. */
  READY_FILE: z
    .string()
    .max(4_096, 'READY_FILE must be a file path')
    .regex(/^[^\0]+$/, 'READY_FILE must be a file path')
    .optional(),
  /** The companion add-on's unpacked build, loaded into headful windows. */
  EXTENSION_DIR: z.string().min(1).optional(),
});
export type AgentEnv = z.infer<typeof agentEnvSchema>;

const emptyToUndefined = (source: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));

/** Parses the environment; on failure one readable line per bad variable. */
export function parseAgentEnv(
  source: Record<string, string | undefined>,
): { ok: true; env: AgentEnv } | { ok: false; problems: string[] } {
  const result = agentEnvSchema
    .refine((env) => env.GAME_MODE === 'live' || env.SIM_URL !== undefined, {
      message: 'SIM_URL is required in sandbox mode',
      path: ['SIM_URL'],
    })
    .safeParse(emptyToUndefined(source));
  if (result.success) return { ok: true, env: result.data };
  return {
    ok: false,
    problems: result.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`),
  };
}
