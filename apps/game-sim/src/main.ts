import { readSimEnv } from './env.js';
import { startSim } from './index.js';

async function main(): Promise<void> {
  const result = readSimEnv(process.env);
  if ('errors' in result) {
    for (const error of result.errors) console.error(error);
    process.exit(1);
  }
  const { env } = result;
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
