import type { AgentAck, SbcClubReport } from '@tradedesk/domain/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, adminKey, gameConfig, startBenchSim, type BenchSim } from '../bench/sandbox.js';
import { GameAccount } from '../src/game-account.js';
import { readClubCards } from '../src/sbc/club-read.js';
import { createRunHost } from '../src/run-host.js';
import { registerSbcCommands } from '../src/sbc/sbc-commands.js';

let sim: BenchSim;
beforeAll(async () => {
  sim = await startBenchSim({ seed: 11, clock: { speed: 0 }, market: { initialListings: 0 } });
});
afterAll(() => sim.close());

/** The agent's SBC commands on a socket that stores every club report at once. */
function agentWithClubReports() {
  const listeners = new Map<string, (payload: unknown, ack?: (answer: AgentAck) => void) => void>();
  let reported: (report: SbcClubReport) => void = () => {};
  const report = new Promise<SbcClubReport>((resolve) => (reported = resolve));
  const host = createRunHost({
    socket: {
      on: (event, listener) => listeners.set(event, listener),
      emitWithAck: async (_event: string, payload: unknown) => {
        reported(payload as SbcClubReport);
        return { ok: true };
      },
    },
    capacity: 1,
    log: () => {},
  });
  registerSbcCommands(host, { game: gameConfig(sim), minCallIntervalMs: 0 });
  const command = (name: string, payload: unknown) => {
    let answer: AgentAck | undefined;
    listeners.get(name)?.(payload, (ack) => (answer = ack));
    return answer;
  };
  return { command, report };
}

/** The tradeable cards a new sandbox account's club starts with (a few rare golds). */
const starterTradeables = (accountId: number) =>
  [...(sim.world.accounts.get(accountId)?.club ?? [])].filter(
    (itemId) => sim.world.items.get(itemId)?.untradeable === false,
  ).length;

describe('the club read against the sandbox game', () => {
  it("reports the signed-in account's club players, untradeable first", async () => {
    const credentials = { email: 'club.read@example.com', password: 'club-password', backupCode: 'ABCD1234' };
    const { id } = (await admin(sim, '/accounts', { ...credentials, platform: 'pc' })) as { id: number };
    const startedWith = starterTradeables(id);
    expect(startedWith).toBeGreaterThan(0);
    // A tradeable card besides the starter club's untradeable ones.
    const definitionId = [...sim.world.cardIndexByDefinition.keys()][0];
    const { itemIds } = (await admin(sim, `/accounts/${id}/items`, {
      definitionId,
      count: 1,
      place: 'club',
      untradeable: false,
    })) as { itemIds: number[] };
    const summary = (await (
      await fetch(`${sim.url}/admin/accounts/${id}`, { headers: { 'x-sim-admin-key': adminKey } })
    ).json()) as { clubItemIds: number[] };

    const agent = agentWithClubReports();
    expect(
      agent.command('sbc-club-read', {
        readId: 'read-1',
        account: { accountId: 'a1', ...credentials, platform: 'pc' },
      }),
    ).toEqual({ ok: true });
    const { readId, outcome } = await agent.report;

    expect(readId).toBe('read-1');
    if (!outcome.ok) throw new Error(`the read failed: ${outcome.description}`);
    expect(outcome.cards.map((card) => card.itemId).sort()).toEqual([...summary.clubItemIds].sort());
    for (const card of outcome.cards) {
      expect(sim.world.cardIndexByDefinition.has(card.definitionId)).toBe(true);
      expect(card.discardValue).toBeGreaterThan(0);
    }
    // The starter commons are untradeable and come first; the granted card is among the tradeable
    // ones after them (with the starter club's few tradeable rare golds).
    const tradeable = outcome.cards.filter((card) => !card.untradeable);
    expect(tradeable).toHaveLength(startedWith + 1);
    expect(tradeable).toContainEqual(expect.objectContaining({ itemId: itemIds[0], definitionId }));
    expect(outcome.cards.slice(0, -tradeable.length).every((card) => card.untradeable)).toBe(true);
  });

  it('keeps the cheapest cards of a club larger than the cap, over several pages', async () => {
    const credentials = { email: 'big.club@example.com', password: 'club-password', backupCode: 'ABCD1234' };
    const { id } = (await admin(sim, '/accounts', { ...credentials, platform: 'pc' })) as { id: number };
    const startedWith = starterTradeables(id);
    const byRating = [...sim.world.cardIndexByDefinition.entries()].sort(
      ([, a], [, b]) => sim.world.card(a).rating - sim.world.card(b).rating,
    );
    const [cheapest] = byRating[0] ?? [];
    const [dearest] = byRating.at(-1) ?? [];
    const grant = async (definitionId: number | undefined, count: number) =>
      (
        (await admin(sim, `/accounts/${id}/items`, {
          definitionId,
          count,
          place: 'club',
          untradeable: false,
        })) as { itemIds: number[] }
      ).itemIds;
    // 18 + 5 starter players, 100 copies of the catalogue's best card, 10 of its worst: 133 players.
    const dear = await grant(dearest, 100);
    const cheap = await grant(cheapest, 10);

    const account = new GameAccount({ ...credentials, platform: 'pc' }, gameConfig(sim));
    await account.signIn();
    const pagesRead: number[] = [];
    const cards = await readClubCards(account.client.club, async (page) => void pagesRead.push(page), 100);

    expect(pagesRead).toEqual([0, 1]); // 90 players a page
    expect(cards).toHaveLength(100);
    const kept = new Set(cards.map((card) => card.itemId));
    // Every cheap copy and every starter player stays; only copies of the best card are left out.
    expect(cheap.every((itemId) => kept.has(itemId))).toBe(true);
    expect(cards.filter((card) => card.untradeable)).toHaveLength(18);
    expect(dear.filter((itemId) => kept.has(itemId))).toHaveLength(100 - 18 - startedWith - 10);
  });
});
