/**
 * A remote agent: `SERVER_URL=… AGENT_KEY=… SIM_URL=… npx tsx apps/agent/src/main.ts`. It connects
 * to the server's /client/agent and runs the sessions the server sends it until SIGINT/SIGTERM.
 */
import { liveConfig, sandboxConfig } from '@tradedesk/game-client';
import { startAgent } from './agent.js';
import { parseAgentEnv } from './env.js';
import { feedPrices } from './feed-prices.js';

const parsed = parseAgentEnv(process.env);
if (!parsed.ok) {
  console.error(`Invalid environment:\n  ${parsed.problems.join('\n  ')}`);
  process.exit(1);
}
const env = parsed.env;
const game = env.GAME_MODE === 'sandbox' && env.SIM_URL ? sandboxConfig(env.SIM_URL) : liveConfig();
console.log(
  `Game mode: ${env.GAME_MODE}${env.GAME_MODE === 'sandbox' ? ' (sandbox game, no real accounts touched)' : ''}`,
);

const agent = startAgent({
  serverUrl: env.SERVER_URL,
  agentKey: env.AGENT_KEY,
  ...(env.AGENT_ID === undefined ? {} : { agentId: env.AGENT_ID }),
  capacity: env.CAPACITY,
  ...(env.READY_FILE === undefined ? {} : { readyFile: env.READY_FILE }),
  game,
  ...(env.HEADFUL_SESSIONS === 'on' ? { headful: { extensionDir: env.EXTENSION_DIR } } : {}),
  // Prices come from the server's price database unless a feed is named explicitly.
  ...(env.PRICE_FEED_URL === undefined ? {} : { prices: feedPrices({ feedsUrl: env.PRICE_FEED_URL }) }),
  // Timed: an operator (and the cluster bench) reads these beside the server nodes' logs.
  log: (line) => console.log(`${new Date().toISOString()} ${line}`),
});
agent.connected.then(
  () => console.log(`Agent ${agent.agentId} connected to ${env.SERVER_URL} (capacity ${env.CAPACITY})`),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
// A stopped agent hands its runs back: the server moves each to another agent, nothing is lost.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log(`${signal}: handing the runs back to the server`);
    void agent.leave().then(() => process.exit(0));
  });
}
