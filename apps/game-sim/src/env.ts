import { z } from 'zod';

/** Environment of the standalone sim (`npm run sim`). */
export const simEnvSchema = z.object({
  SIM_PORT: z.coerce.number().int().min(0).max(65_535).default(8090),
  SIM_SEED: z.coerce.number().int().default(1),
  SIM_ADMIN_KEY: z.string().min(8, 'SIM_ADMIN_KEY must be at least 8 characters').optional(),
  SIM_HOST: z.string().min(1).default('127.0.0.1'),
});
export type SimEnv = z.infer<typeof simEnvSchema>;

/** Reads the environment; returns the messages to print when it is invalid. */
export function readSimEnv(env: Record<string, string | undefined>): { env: SimEnv } | { errors: string[] } {
  const parsed = simEnvSchema.safeParse(env);
  if (parsed.success) return { env: parsed.data };
  return { errors: parsed.error.issues.map((issue) => `Invalid ${issue.path.join('.')}: ${issue.message}`) };
}
