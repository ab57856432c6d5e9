/**
 * One side of a rehearsal in a child process of the agent (forked by `forked-sides.ts`): a fresh
 * sandbox world of the command's seed in this process, on a virtual clock only the session's own
 * waits move, and the session's game client reaching it through the world's in-process `fetch`.
 * Building the 40,000-listing world and replaying its market never run on the agent's (or the
 * embedded server's) event loop. This file is the agent's one composition root with the sandbox
 * game (docs/decisions.md); it lives as long as its parent's channel.
 */
import type { Platform } from '@tradedesk/domain';
import { loadCatalogue } from '@tradedesk/domain/catalogue';
import { openInProcessSim, type CardStartValue, type InProcessSim } from '@tradedesk/game-sim';
import { sandboxConfig } from '@tradedesk/game-client';
import { rehearseSide } from './run-rehearsal.js';
import type { RehearsalWorld } from './rehearsal-worlds.js';
import type { SideAnswer, SideRequest } from './side-protocol.js';

/** Progress is sent to the agent at most this often (share of the span). */
const PROGRESS_STEP = 0.01;

const answer = (message: SideAnswer) => {
  // A parent that went away (an agent stopped while this spare warmed) is not an error here.
  if (process.connected) process.send?.(message);
};
// Warm: a spare waits with the card catalogue read, so a rehearsal starts at building its world.
loadCatalogue();
answer({ type: 'ready' });
const abort = new AbortController();
let sim: InProcessSim | undefined;

function worldOf(opened: InProcessSim): RehearsalWorld {
  const { world } = opened;
  const { abuse } = world.options;
  return {
    game: sandboxConfig(opened.url),
    fetch: opened.fetch,
    feedsUrl: opened.hosts.feeds,
    limits: { perMinute: abuse.perMinute, perHour: abuse.perHour },
    now: () => world.now(),
    advance(ms) {
      world.clock.advance(ms);
      world.catchUp();
    },
    card(definitionId: number, platform: Platform) {
      const index = world.cardIndexByDefinition.get(definitionId);
      if (index === undefined) return undefined;
      return { name: world.card(index).name, value: world.values.value(index, platform, world.now()) };
    },
  };
}

async function run({ kind, command }: Extract<SideRequest, { type: 'run' }>) {
  sim = await openInProcessSim({
    seed: command.seed,
    clock: { speed: 0 },
    startingCoins: command.coins,
    // Only the rehearsed platform's market: the other's would double the world for nothing.
    market: { platforms: [command.platform] },
    startValues: command.startValues as CardStartValue[],
  });
  const world = worldOf(sim);
  let reported = 0;
  const side = await rehearseSide(
    kind,
    command,
    world,
    (done) => {
      if (done - reported < PROGRESS_STEP && done < 1) return;
      reported = done;
      answer({ type: 'progress', done });
    },
    abort.signal,
  );
  answer({ type: 'result', side, limits: world.limits });
}

process.on('message', (message: SideRequest) => {
  if (message.type === 'stop') return abort.abort();
  void run(message).catch((error: unknown) =>
    answer({
      type: 'failed',
      message: error instanceof Error && error.message !== '' ? error.message : 'The rehearsal failed',
    }),
  );
});
process.on('disconnect', () => {
  abort.abort();
  void (sim?.close() ?? Promise.resolve()).finally(() => process.exit(0));
});
