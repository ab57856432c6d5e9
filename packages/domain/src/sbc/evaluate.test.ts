import { describe, expect, it } from 'vitest';
import { decodeChallengeRequirements, encodeEligibility } from './elg-codec.js';
import { evaluateRequirements, evaluateSquad } from './evaluate.js';
import type { SbcRequirement } from './requirements.js';
import type { SbcCard, SbcSlot } from './squad.js';
import { card, squad433, strangers } from './test-squads.js';

/** Seven Premier League Arsenal/England golds, four Ligue 1 French silvers (one a TOTW). */
function hybridSquad(): SbcSlot[] {
  const english = Array.from({ length: 7 }, (_, index) =>
    card({ rating: 80 + index, rarityId: index < 3 ? 0 : 1 }),
  );
  const french = Array.from({ length: 4 }, (_, index) =>
    card({ rating: 70 + index, clubId: 73, leagueId: 16, nationId: 18, rarityId: index === 0 ? 3 : 0 }),
  );
  return [...english, ...french];
}

function verdicts(slots: readonly SbcSlot[], requirements: readonly SbcRequirement[]) {
  return evaluateRequirements(squad433(slots), requirements).map(({ label, met }) => [label, met]);
}

describe('evaluateRequirements (the web app’s isRequirementMet, SBC.md §3.3)', () => {
  it('labels every requirement and says which are met', () => {
    const requirements: SbcRequirement[] = [
      { kind: 'teamRating', scope: 'min', value: 81 },
      { kind: 'teamRating', scope: 'min', value: 82 },
      { kind: 'chemistry', scope: 'max', value: 32 },
      { kind: 'sameGroup', group: 'league', scope: 'max', value: 7 },
      { kind: 'sameGroup', group: 'club', scope: 'min', value: 8 },
      { kind: 'distinctGroups', group: 'league', scope: 'exact', value: 2 },
      { kind: 'players', scope: 'min', count: 1, conditions: [{ type: 'rarityGroup', groupIds: [23] }] },
      { kind: 'players', scope: 'min', count: 5, conditions: [{ type: 'rarityGroup', groupIds: [4] }] },
      { kind: 'players', scope: 'min', count: 4, conditions: [{ type: 'nation', ids: [18, 46] }] },
      { kind: 'players', scope: 'max', count: 3, conditions: [{ type: 'level', tiers: [2] }] },
      { kind: 'players', scope: 'min', count: 2, conditions: [{ type: 'minOvr', rating: 85 }] },
      { kind: 'quality', scope: 'min', tier: 2 },
      { kind: 'quality', scope: 'exact', tier: 3 },
      { kind: 'unsupported', scope: 'min', key: 16, values: [1], count: -1 },
    ];
    expect(verdicts(hybridSquad(), requirements)).toEqual([
      ['Team Rating: Min. 81', true],
      ['Team Rating: Min. 82', false],
      ['Total Chemistry: Max. 32', false],
      ['Players from the same League: Max. 7', true],
      ['Players from the same Club: Min. 8', false],
      ['Leagues in Squad: Exactly 2', true],
      ['Team of the Week: Min. 1 Player', true],
      ['Rare: Min. 5 Players', true],
      ['France OR Sweden: Min. 4 Players', true],
      ['Silver: Max. 3 Players', false],
      ['Min. OVR of 85: Min. 2 Players', true],
      ['Player Quality: Min. Silver', true],
      ['Player Quality: Exactly Gold', false],
      ['Unsupported requirement: NUM_TROPHY_REQUIRED', false],
    ]);
  });

  it('needs every non-brick player at the per-player chemistry minimum', () => {
    const together = Array.from({ length: 10 }, () => card());
    const requirement: SbcRequirement = { kind: 'playerChemistry', scope: 'min', value: 2 };
    expect(verdicts([...together, { brick: 'plain' }], [requirement])).toEqual([
      ['Chemistry Points per Player: Min. 2', true],
    ]);
    // An empty slot is a player short.
    expect(verdicts([...together, null], [requirement])[0]?.[1]).toBe(false);
    // One unlinked player at 0 fails it.
    const loner = strangers()[0] as SbcCard;
    expect(verdicts([...together, loner], [requirement])[0]?.[1]).toBe(false);
  });

  it('reads Player Quality Max as “no player above the tier”', () => {
    const silvers = strangers().map((each) => ({ ...each, rating: 70 }));
    const requirement: SbcRequirement = { kind: 'quality', scope: 'max', tier: 2 };
    expect(verdicts(silvers, [requirement])[0]?.[1]).toBe(true);
    expect(verdicts([card({ rating: 75 }), ...silvers.slice(1)], [requirement])[0]?.[1]).toBe(false);
  });
});

describe('player-count requirements on flags and bricks', () => {
  it('counts untradeable, first-owner and icon players, and never a brick', () => {
    const icon = card({ rarityId: 12, clubId: 112658, leagueId: 2118, untradeable: true, firstOwner: true });
    const slots: SbcSlot[] = [
      { brick: 'custom', clubId: 1, leagueId: 13, nationId: 14 },
      icon,
      card({ untradeable: true }),
      ...strangers().slice(3),
    ];
    expect(
      verdicts(slots, [
        {
          kind: 'players',
          scope: 'exact',
          count: 2,
          conditions: [{ type: 'tradability', untradeable: true }],
        },
        { kind: 'players', scope: 'min', count: 1, conditions: [{ type: 'firstOwner' }] },
        { kind: 'players', scope: 'max', count: 0, conditions: [{ type: 'legend' }] },
        { kind: 'players', scope: 'exact', count: 10, conditions: [] },
        { kind: 'distinctGroups', group: 'club', scope: 'exact', value: 10 },
      ]),
    ).toEqual([
      ['Untradeable: Exactly 2 Players', true],
      ['First Owner: Min. 1 Player', true],
      ['Icons: Max. 0 Players', false],
      ['Number of Players in the Squad: Exactly 10', true],
      ['Clubs in Squad: Exactly 10', true],
    ]);
  });
});

describe('evaluateSquad', () => {
  const raw = {
    elgOperation: 'AND',
    elgReq: encodeEligibility([
      { kind: 'teamRating', scope: 'min', value: 75 },
      { kind: 'chemistry', scope: 'min', value: 20 },
    ]),
  };

  it('gives rating, chemistry and eligibility of a full squad', () => {
    const result = evaluateSquad(squad433(hybridSquad()), decodeChallengeRequirements(raw));
    // S = 867, E = 29.27: round(896.27) = 896, 896 / 11 → 81.
    expect(result.rating).toBe(81);
    // Seven of one club (3 each); four of one club, league and nation (2 + 1 + 1, capped at 3).
    expect(result.chemistry.total).toBe(33);
    expect(result.complete).toBe(true);
    expect(result.eligible).toBe(true);
  });

  it('is not eligible while a slot is empty, even with the requirements met', () => {
    const slots = [...hybridSquad().slice(0, 10), null];
    const result = evaluateSquad(squad433(slots), decodeChallengeRequirements(raw));
    expect(result.complete).toBe(false);
    expect(result.eligible).toBe(false);
  });

  it('needs only one requirement for an OR challenge', () => {
    const either = decodeChallengeRequirements({
      ...raw,
      elgOperation: 'OR',
      elgReq: encodeEligibility([
        { kind: 'teamRating', scope: 'min', value: 90 },
        { kind: 'chemistry', scope: 'min', value: 20 },
      ]),
    });
    expect(evaluateSquad(squad433(hybridSquad()), either).eligible).toBe(true);
  });

  it('rejects a squad that is not 11 slots', () => {
    expect(() => evaluateSquad({ positions: [], slots: [] }, { operation: 'AND', requirements: [] })).toThrow(
      'An SBC squad has 11 slots and 11 positions (got 0 slots, 0 positions)',
    );
  });
});
