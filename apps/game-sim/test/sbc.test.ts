import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '../src/index.js';
import { admin, game, signIn, type SignedIn } from './helpers.js';

const KEY = 'sbc-admin-key';
let sim: RunningSim;
let session: SignedIn;
let accountId: number;

async function grantClub(definitionIds: number[]): Promise<number[]> {
  const ids: number[] = [];
  for (const definitionId of definitionIds) {
    const response = await admin(sim, KEY, 'POST', `/accounts/${accountId}/items`, {
      definitionId,
      place: 'club',
      untradeable: true,
    });
    ids.push(response.json.itemIds[0]);
  }
  return ids;
}

function distinctCards(
  test: (card: RunningSim['world']['cards'][number]) => boolean,
  count: number,
): number[] {
  const seen = new Set<number>();
  return sim.world.cards
    .filter((card) => test(card) && !seen.has(card.baseId) && seen.add(card.baseId))
    .slice(0, count)
    .map((card) => card.definitionId);
}

beforeAll(async () => {
  sim = await startSim({
    seed: 2,
    adminKey: KEY,
    clock: { speed: 0 },
    market: { initialListings: 100 },
    abuse: { enabled: false },
  });
  session = await signIn(sim, 'sbc@example.com', 'pw', 'SBCSBC01');
  accountId = sim.world.accountByEmail('sbc@example.com')?.id ?? 0;
});
afterAll(async () => {
  await sim.close();
});

/** PUT sbs/challenge/2001 as the web app submits it. */
const submitGoldUpgrade = () =>
  game(
    sim,
    session.sid,
    'PUT',
    'sbs/challenge/2001?skipUserSquadValidation=true&chemistryProfilesVersion=17',
  );

describe('squad-building challenges', () => {
  it('lists sets by category and challenges with requirements encoded as elgReq', async () => {
    const sets = await game(sim, session.sid, 'GET', 'sbs/sets');
    expect(sets.json.categories.map((category: { name: string }) => category.name)).toEqual([
      'Upgrades',
      'Foundations',
      'Players',
    ]);
    const challenges = await game(sim, session.sid, 'GET', 'sbs/setId/1001/challenges');
    expect(challenges.json.challenges[0]).toMatchObject({
      challengeId: 2001,
      formation: 'f433',
      status: 'NOT_STARTED',
      elgOperation: 'AND',
    });
    expect(challenges.json.challenges[0].elgReq).toEqual([
      { type: 'PLAYER_QUALITY', eligibilitySlot: 1, eligibilityKey: 3, eligibilityValue: 3 },
      { type: 'SCOPE', eligibilitySlot: 1, eligibilityKey: 13, eligibilityValue: 0 },
      { type: 'PLAYER_COUNT', eligibilitySlot: 1, eligibilityKey: 2, eligibilityValue: -1 },
      { type: 'TEAM_RATING', eligibilitySlot: 2, eligibilityKey: 19, eligibilityValue: 75 },
      { type: 'SCOPE', eligibilitySlot: 2, eligibilityKey: 13, eligibilityValue: 0 },
      { type: 'PLAYER_COUNT', eligibilitySlot: 2, eligibilityKey: 2, eligibilityValue: -1 },
    ]);
  });

  it('refuses a squad that breaks a requirement, then accepts a valid one and pays the award', async () => {
    const silver = await grantClub(distinctCards((card) => card.quality === 'silver', 1));
    const golds = await grantClub(
      distinctCards((card) => card.quality === 'gold' && card.rarityId === 0, 11),
    );
    const start = await game(sim, session.sid, 'POST', 'sbs/challenge/2001');
    expect(start.json.squad.players).toHaveLength(23);
    const squad = (ids: number[]) => ({
      players: Array.from({ length: 23 }, (_unused, index) => ({
        index,
        itemData: { id: ids[index] ?? 0, dream: false },
      })),
    });

    await game(sim, session.sid, 'PUT', 'sbs/challenge/2001/squad', squad([...silver, ...golds.slice(1)]));
    const refused = await submitGoldUpgrade();
    expect(refused.status).toBe(460);
    expect(refused.json.message).toBe('requirements not met: PLAYER_QUALITY');

    await game(sim, session.sid, 'PUT', 'sbs/challenge/2001/squad', squad(golds));
    const saved = await game(sim, session.sid, 'GET', 'sbs/challenge/2001/squad');
    expect(saved.json.squad.rating).toBeGreaterThanOrEqual(75);
    const before = (await game(sim, session.sid, 'GET', 'user/credits')).json.credits;
    const submitted = await submitGoldUpgrade();
    expect(submitted.status).toBe(200);
    expect(submitted.json).toMatchObject({ challengeId: 2001, setId: 1001 });
    expect((await game(sim, session.sid, 'GET', 'user/credits')).json.credits).toBe(before + 2_500);
    const club = await game(sim, session.sid, 'POST', 'club', { count: 91, start: 0 });
    const clubIds = club.json.itemData.map((item: { id: number }) => item.id);
    expect(golds.some((id) => clubIds.includes(id))).toBe(false);
  });

  it('feeds every challenge as the game lists it, without the account progress', async () => {
    const feed = (await (await fetch(`${sim.url}/feeds/sbc`)).json()) as {
      sets: { setId: number; challenges: Record<string, unknown>[] }[];
    };
    expect(feed.sets.length).toBeGreaterThan(0);
    for (const set of feed.sets) {
      const listed = await game(sim, session.sid, 'GET', `sbs/setId/${set.setId}/challenges`);
      const withoutProgress = (listed.json.challenges as Record<string, unknown>[]).map(
        ({ status: _status, timesCompleted: _times, ...challenge }) => challenge,
      );
      expect(set.challenges).toEqual(withoutProgress);
    }
  });

  it('refuses items that are not in the club', async () => {
    const response = await game(sim, session.sid, 'PUT', 'sbs/challenge/2002/squad', {
      players: [{ index: 0, itemData: { id: 42, dream: false } }],
    });
    expect(response.status).toBe(461);
    expect((await game(sim, session.sid, 'GET', 'chemistry/profiles')).json.version).toBe(17);
  });
});
