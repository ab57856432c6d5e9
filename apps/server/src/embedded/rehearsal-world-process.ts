/**
 * One rehearsal world in a child process (forked by `rehearsal-worlds.ts`): the sandbox game on a
 * virtual clock that stands still until the parent advances it, so building the world and
 * replaying its market never run on the server's event loop. It lives as long as its parent's
 * channel: a closed channel ends it.
 */
import { startSim, type CardStartValue, type RunningSim } from '@tradedesk/game-sim';
import type { ChildRequest, ChildAnswer } from './rehearsal-world-protocol.js';

let sim: RunningSim | undefined;
const answer = (message: ChildAnswer) => process.send?.(message);

process.on('message', (message: ChildRequest) => {
  void handle(message).catch((error: unknown) =>
    answer({
      type: 'error',
      id: message.id,
      message: error instanceof Error ? error.message : String(error),
    }),
  );
});
process.on('disconnect', () => void (sim?.close() ?? Promise.resolve()).finally(() => process.exit(0)));

async function handle(message: ChildRequest): Promise<void> {
  if (message.type === 'open') {
    sim = await startSim({
      port: 0,
      seed: message.seed,
      clock: { speed: 0 },
      startingCoins: message.coins,
      startValues: message.startValues as CardStartValue[],
    });
    const { abuse } = sim.world.options;
    answer({
      type: 'opened',
      id: message.id,
      url: sim.url,
      feeds: sim.hosts.feeds,
      now: sim.world.now(),
      limits: { perMinute: abuse.perMinute, perHour: abuse.perHour },
    });
    return;
  }
  if (!sim) throw new Error('The rehearsal world is not open');
  const { world } = sim;
  if (message.type === 'advance') {
    world.clock.advance(message.ms);
    world.catchUp();
    answer({ type: 'advanced', id: message.id, now: world.now() });
    return;
  }
  const index = world.cardIndexByDefinition.get(message.definitionId);
  const card =
    index === undefined
      ? null
      : { name: world.card(index).name, value: world.values.value(index, message.platform, world.now()) };
  answer({ type: 'card', id: message.id, card });
}
