import { z } from 'zod';
import { startSim } from './index.js';

/** Environment of the standalone sim (`npm run sim`). */
export const simEnvSchema = z.object({
  SIM_PORT: z.coerce.number().int().min(0).max(65_535).default(8090),
  SIM_SEED: z.coerce.number().int().default(1),
  SIM_ADMIN_KEY: z.string().min(8, 'SIM_ADMIN_KEY must be at least 8 characters').optional(),
  SIM_HOST: z.string().min(1).default('127.0.0.1'),
});

async function main(): Promise<void> {
  const parsed = simEnvSchema.safeParse(process.env);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      console.error(`Invalid ${issue.path.join('.')}: ${issue.message}`);
    process.exit(1);
  }
  const env = parsed.data;
  const sim = await startSim({
    port: env.SIM_PORT,
    host: env.SIM_HOST,
    seed: env.SIM_SEED,
    adminKey: env.SIM_ADMIN_KEY,
  });
  console.log(`Sandbox game listening on ${sim.url} (seed ${env.SIM_SEED}, game segment ${sim.gameSegment})`);
  console.log(
    `Web app: ${sim.hosts.webApp}  Admin API: ${env.SIM_ADMIN_KEY ? 'enabled' : 'disabled (set SIM_ADMIN_KEY)'}`,
  );
  const stop = () => {
    void sim.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main();
