import { decodeEligibility, formationSlots, isInPosition } from '@tradedesk/domain';
import type { GameClient, SbcChallenge } from '@tradedesk/game-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  rejectionOf,
  signedInClient,
  startHarness,
  type Harness,
  type TestAccount,
} from './harness.js';

let harness: Harness;
let account: TestAccount;
let client: GameClient;

/** A challenge that only asks for gold players and a team rating: eleven good golds complete it. */
async function goldOnlyChallenge(): Promise<SbcChallenge> {
  for (const category of await client.sbc.sets()) {
    for (const set of category.sets) {
      for (const challenge of await client.sbc.challenges(set.setId)) {
        const keys = challenge.elgReq.map((requirement) =>
          String(requirement.type ?? requirement.eligibilityKey),
        );
        if (
          keys.includes('TEAM_RATING') &&
          keys.every((key) => ['PLAYER_QUALITY', 'TEAM_RATING', 'SCOPE', 'PLAYER_COUNT'].includes(key))
        ) {
          return challenge;
        }
      }
    }
  }
  throw new Error('the sandbox has no gold-only challenge');
}

/** Eleven different 82+ gold players granted to the club; returns their item ids. */
async function elevenGoldsInClub(): Promise<number[]> {
  const seen = new Set<number>();
  const cards = harness.sim.world.cards.filter((card) => {
    if (
      card.quality !== 'gold' ||
      card.special ||
      card.synthetic ||
      card.rating < 82 ||
      seen.has(card.baseId)
    ) {
      return false;
    }
    seen.add(card.baseId);
    return true;
  });
  const itemIds: number[] = [];
  for (const card of cards.slice(0, 11)) {
    const granted = await harness.admin<{ itemIds: number[] }>('POST', `/accounts/${account.id}/items`, {
      definitionId: card.definitionId,
      place: 'club',
    });
    itemIds.push(...granted.itemIds);
  }
  return itemIds;
}

type SimCard = Harness['sim']['world']['cards'][number];

/** Grants one club copy of each card; returns the item ids in the same order. */
async function grantToClub(cards: readonly SimCard[]): Promise<number[]> {
  const itemIds: number[] = [];
  for (const card of cards) {
    const granted = await harness.admin<{ itemIds: number[] }>('POST', `/accounts/${account.id}/items`, {
      definitionId: card.definitionId,
      place: 'club',
    });
    itemIds.push(...granted.itemIds);
  }
  return itemIds;
}

/** Real rare golds (rarity 1), best first. */
const rareGolds = (): SimCard[] =>
  harness.sim.world.cards
    .filter((card) => card.rarityId === 1 && card.quality === 'gold' && !card.synthetic)
    .sort((a, b) => b.rating - a.rating);

/** One rare gold per slot of `formation`, all of one league and in position, so every player has chemistry. */
function rareLeagueSquad(formation: string, minRating: number): SimCard[] {
  const byLeague = new Map<number, SimCard[]>();
  for (const card of rareGolds().filter((c) => c.rating >= minRating))
    byLeague.set(card.leagueId, [...(byLeague.get(card.leagueId) ?? []), card]);
  for (const cards of [...byLeague.values()].sort((a, b) => b.length - a.length)) {
    const used = new Set<number>();
    const squad = formationSlots(formation).map((position) => {
      const card = cards.find((c) => isInPosition(c.positions, position) && !used.has(c.baseId));
      if (card) used.add(card.baseId);
      return card;
    });
    if (squad.every((card) => card !== undefined)) return squad as SimCard[];
  }
  throw new Error(`no league fills ${formation} with rare golds`);
}

beforeAll(async () => {
  // Reading every set's challenges (15 sets) plus the squads below is more than the default 40
  // calls a minute of a stopped clock allows; abuse limits have their own tests.
  harness = await startHarness({ abuse: { perMinute: 400 } });
  account = await createAccount(harness, { platform: 'ps', coins: 10_000 });
  client = await signedInClient(harness, account);
});
afterAll(() => harness.close());

describe('conformance: squad-building challenges', () => {
  it('lists sets by category with their challenges and requirements', async () => {
    const categories = await client.sbc.sets();
    const firstSet = categories.flatMap((category) => category.sets)[0];
    const challenges = await client.sbc.challenges(firstSet?.setId ?? 0);

    expect(categories.length).toBeGreaterThan(0);
    expect(firstSet?.name).not.toBe('');
    expect(challenges.length).toBeGreaterThan(0);
    expect(challenges[0]?.elgReq.length).toBeGreaterThan(0);
  });

  it('starts a challenge with an empty squad of the challenge formation', async () => {
    const challenge = await goldOnlyChallenge();

    const started = await client.sbc.start(Number(challenge.challengeId));
    const read = await client.sbc.squad(Number(challenge.challengeId));

    expect(started.squad.formation).toBe(challenge.formation);
    expect(read.squad.players.every((player) => player.itemData.id === 0)).toBe(true);
  });

  it('refuses to submit a squad that is not complete', async () => {
    const challenge = await goldOnlyChallenge();
    await client.sbc.start(Number(challenge.challengeId));

    const error = await rejectionOf(client.sbc.submit(Number(challenge.challengeId)));

    expect(error).toMatchObject({ kind: 'outbid-or-not-allowed', code: 460, category: 'user-logic' });
  });

  it('saves eleven club players, submits with the chemistry version and pays the award', async () => {
    const challenge = await goldOnlyChallenge();
    const challengeId = Number(challenge.challengeId);
    const itemIds = await elevenGoldsInClub();
    const before = (await client.account.credits()).coins;
    await client.sbc.start(challengeId);

    await client.sbc.saveSquad(challengeId, itemIds);
    const saved = await client.sbc.squad(challengeId);
    const version = await client.sbc.chemistryVersion();
    const result = await client.sbc.submit(challengeId, { chemistryProfilesVersion: version });

    expect(saved.squad.players.slice(0, 11).map((player) => player.itemData.id)).toEqual(itemIds);
    expect(saved.squad.rating).toBeGreaterThanOrEqual(75);
    expect(version).toBeGreaterThan(0);
    expect(result.awards.length).toBeGreaterThan(0);
    const coinAward = result.awards.find((award) => award.type === 'coins');
    if (coinAward !== undefined) {
      expect((await client.account.credits()).coins).toBe(before + Number(coinAward.value));
    }
    const club = await client.club.search();
    expect(club.items.map((item) => item.id)).not.toContain(itemIds[0]);
  });

  it('sends elgReq with numeric eligibility keys that the shared SBC rules decode', async () => {
    const challenges = (
      await Promise.all(
        (await client.sbc.sets()).flatMap((c) => c.sets).map((set) => client.sbc.challenges(set.setId)),
      )
    ).flat();

    const entries = challenges.flatMap((challenge) => challenge.elgReq);
    const decoded = challenges.map((challenge) => decodeEligibility(challenge.elgReq));

    expect(entries.every((entry) => typeof entry.eligibilityKey === 'number')).toBe(true);
    expect(decoded.every((requirements) => requirements.length > 0)).toBe(true);
  });

  it('completes a set with rarity-group challenges and grants its untradeable player to unassigned', async () => {
    const topForm = rareGolds()
      .filter((card, index, all) => all.findIndex((c) => c.baseId === card.baseId) === index)
      .slice(0, 11);
    const rareRally = rareLeagueSquad('f433', 83);
    const before = new Set((await client.piles.unassigned()).items.map((item) => item.id));

    for (const [challengeId, cards] of [
      [2003, topForm],
      [2004, rareRally],
    ] as const) {
      const itemIds = await grantToClub(cards);
      await client.sbc.start(challengeId);
      await client.sbc.saveSquad(challengeId, itemIds);
      await client.sbc.submit(challengeId, { chemistryProfilesVersion: await client.sbc.chemistryVersion() });
    }

    const awarded = (await client.piles.unassigned()).items.filter((item) => !before.has(item.id));
    expect(awarded).toHaveLength(1);
    expect(awarded[0]).toMatchObject({ untradeable: true, rareflag: 150, groups: [4] });
  });
});
