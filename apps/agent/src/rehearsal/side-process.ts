/**
 * One side of a rehearsal in a child process of the agent (forked by `forked-sides.ts`): a fresh
 * sandbox world of the command's seed in this process, on a virtual clock only the session's own
 * waits move, and the session's game client reaching it through the world's in-process `fetch`.
 * Building the 40,000-listing world and replaying its market never run on the agent's (or the
 * embedded server's) event loop. This file is the agent's one composition root with the sandbox
 * game (docs/decisions/foundation.md); it lives as long as its parent's channel.
 */
import type { Platform, RehearsalSide } from '@tradedesk/domain';
import type { RehearsalStart } from '@tradedesk/domain/realtime';
import { loadCatalogue } from '@tradedesk/domain/catalogue';
import { openInProcessSim, type CardStartValue, type InProcessSim } from '@tradedesk/game-sim';
import { sandboxConfig } from '@tradedesk/game-client';
import { rehearseSide } from './run-rehearsal.js';
import type { RehearsalKind, RehearsalLimits, RehearsalWorld } from './rehearsal-worlds.js';
import { PROGRESS_STEP, SIDE_PROCESS_FLAG, type SideAnswer, type SideRequest } from './side-protocol.js';

const answer = (message: SideAnswer) => {
  // A parent that went away (an agent stopped while this spare warmed) is not an error here.
  if (process.connected) process.send?.(message);
};

function worldOf(opened: InProcessSim): RehearsalWorld {
  const { world } = opened;
  const { abuse } = world.options;
  return {
    game: sandboxConfig(opened.url),
    fetch: opened.fetch,
    feedsUrl: opened.hosts.feeds,
    limits: { perMinute: abuse.perMinute, perHour: abuse.perHour },
    peakRequestsPerMinute: () => world.abuse.peakPerMinute(),
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

/**
 * One side on a fresh world built here (what the child does with its `run`; the benchmark also
 * calls it in its own process to measure each side's CPU). `onOpened` learns the world's closer.
 */
export async function rehearseSideHere(
  kind: RehearsalKind,
  command: RehearsalStart,
  onProgress: (done: number) => void,
  signal: AbortSignal,
  onOpened: (close: () => Promise<void>) => void = () => {},
): Promise<{ side: RehearsalSide; limits: RehearsalLimits }> {
  const sim = await openInProcessSim({
    seed: command.seed,
    clock: { speed: 0 },
    startingCoins: command.coins,
    // Only the rehearsed platform's market: the other's would double the world for nothing.
    market: { platforms: [command.platform] },
    startValues: command.startValues as CardStartValue[],
  });
  onOpened(() => sim.close());
  const world = worldOf(sim);
  const side = await rehearseSide(kind, command, world, onProgress, signal);
  return { side, limits: world.limits };
}

// Forked by the agent (`forked-sides.ts`): warm up, then run the one side it is sent.
if (process.argv.includes(SIDE_PROCESS_FLAG) && process.send !== undefined) {
  const abort = new AbortController();
  // Warm: a spare waits with the card catalogue read, so a rehearsal starts at building its world.
  loadCatalogue();
  answer({ type: 'ready' });
  process.on('message', (message: SideRequest) => {
    if (message.type === 'stop') return abort.abort();
    let reported = 0;
    const progress = (done: number) => {
      if (done - reported < PROGRESS_STEP && done < 1) return;
      reported = done;
      answer({ type: 'progress', done });
    };
    rehearseSideHere(message.kind, message.command, progress, abort.signal).then(
      (outcome) => answer({ type: 'result', ...outcome }),
      (error: unknown) =>
        answer({
          type: 'failed',
          message: error instanceof Error && error.message !== '' ? error.message : 'The rehearsal failed',
        }),
    );
  });
  // The agent is gone or done with this side: the world lives only in this process, so end now
  // (a stopping session must not keep the process busy after its parent).
  process.on('disconnect', () => process.exit(0));
}
