import { decodeChallengeRequirements, type SbcCard } from '@tradedesk/domain';
import { solveChallenge } from '@tradedesk/solver';
import { describe, expect, it } from 'vitest';
import { createClock } from '../src/core/clock.js';
import { encodeRequirements } from '../src/sbc/requirements.js';
import { standardPool } from '../src/sbc/standard-pool.js';
import { standardSets } from '../src/sbc/standard-set.js';
import { World } from '../src/world/world.js';

const world = new World(createClock({ speed: 0, start: Date.UTC(2026, 0, 1) }), {
  market: { initialListings: 0 },
});
const sets = standardSets(world);
const challenges = sets.flatMap((set) => set.challenges);

describe('the standard SBC set', () => {
  it('has at least 30 challenges in sets with sub-challenges, rewards and expiry, ids unique', () => {
    expect(challenges.length).toBeGreaterThanOrEqual(30);
    expect(sets.every((set) => set.challenges.length >= 2)).toBe(true);
    expect(sets.every((set) => set.awards.length > 0)).toBe(true);
    expect(challenges.every((challenge) => challenge.awards.length > 0)).toBe(true);
    expect(sets.filter((set) => set.expiresInHours !== undefined).length).toBeGreaterThan(sets.length / 2);
    const ids = challenges.map((challenge) => challenge.challengeId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Math.min(...ids)).toBeGreaterThan(2004);
  });

  it('uses every requirement key the solver knows, in every scope it has', () => {
    const used = new Set(
      challenges.flatMap((challenge) =>
        challenge.requirements.flatMap((requirement) => [
          `${requirement.key}/${requirement.scope}`,
          ...(requirement.alsoMatching ?? []).map(() => 'COMBINED'),
        ]),
      ),
    );
    const expected = [
      'TEAM_RATING/0',
      'TEAM_RATING/1',
      'TEAM_RATING/2',
      'CHEMISTRY_POINTS/0',
      'ALL_PLAYERS_CHEMISTRY_POINTS/0',
      'SAME_NATION_COUNT/0',
      'SAME_NATION_COUNT/1',
      'SAME_LEAGUE_COUNT/0',
      'SAME_LEAGUE_COUNT/1',
      'SAME_CLUB_COUNT/0',
      'SAME_CLUB_COUNT/1',
      'NATION_COUNT/0',
      'NATION_COUNT/1',
      'NATION_COUNT/2',
      'LEAGUE_COUNT/0',
      'LEAGUE_COUNT/1',
      'LEAGUE_COUNT/2',
      'CLUB_COUNT/0',
      'CLUB_COUNT/2',
      'NATION_ID/0',
      'LEAGUE_ID/0',
      'CLUB_ID/0',
      'CLUB_ID/1',
      'PLAYER_QUALITY/0',
      'PLAYER_QUALITY/1',
      'PLAYER_QUALITY/2',
      'PLAYER_LEVEL/0',
      'PLAYER_RARITY/0',
      'PLAYER_RARITY_GROUP/0',
      'PLAYER_MIN_OVR/0',
      'PLAYER_EXACT_OVR/0',
      'PLAYER_MAX_OVR/1',
      'LEGEND_COUNT/0',
      'PLAYER_TRADABILITY/0',
      'FIRST_OWNER_PLAYERS_COUNT/0',
      'COMBINED',
    ];
    expect(expected.filter((key) => !used.has(key))).toEqual([]);
    expect(challenges.some((challenge) => challenge.operation === 'OR')).toBe(true);
  });

  it('draws the same 5,000-card pool for a seed, with owned cards', () => {
    const pool = standardPool(1);
    expect(pool.market).toHaveLength(5_000);
    expect(new Set(pool.market.map((card) => card.definitionId)).size).toBe(5_000);
    expect(standardPool(1).market.slice(0, 20)).toEqual(pool.market.slice(0, 20));
    expect(pool.owned.filter((card) => card.untradeable).length).toBeGreaterThan(0);
    expect(pool.owned.filter((card) => !card.untradeable).length).toBeGreaterThan(0);
  });

  // No traps: every challenge is solvable from a standard pool (docs/decisions/sbc-solver.md).
  it('every challenge, read back from its elgReq, is solved from a standard pool', () => {
    const pool = standardPool(1);
    const unsolved: string[] = [];
    for (const challenge of challenges) {
      const requirements = decodeChallengeRequirements({
        elgOperation: challenge.operation ?? 'AND',
        elgReq: encodeRequirements(challenge.requirements),
      });
      const result = solveChallenge({
        challenge: requirements,
        formation: challenge.formation,
        owned: pool.owned.map((card): SbcCard & (typeof pool.owned)[number] => card),
        market: pool.market,
        // Work and step budgets, not time: the verdict does not depend on the machine's load. A
        // fifth of the default work: this asks for a squad, not the cheapest (the bench does).
        searchSteps: 20_000,
        workLimitMs: 200,
        seed: challenge.challengeId,
      });
      if (result.status !== 'solved') unsolved.push(`${challenge.name}: ${result.reason}`);
    }
    expect(unsolved).toEqual([]);
  }, 120_000);
});
