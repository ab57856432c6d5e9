import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeChallengeRequirements, decodeEligibility, encodeEligibility } from './elg-codec.js';
import { requirementLabel } from './labels.js';
import type { SbcRequirement } from './requirements.js';

/** One raw `elgReq` slot: [key, value] pairs. */
function rawSlot(slot: number, pairs: [number, number][]) {
  return pairs.map(([eligibilityKey, eligibilityValue]) => ({
    eligibilitySlot: slot,
    eligibilityKey,
    eligibilityValue,
  }));
}

describe('decoding the raw elgReq list (SBC.md §3.1–3.2)', () => {
  it.each([
    [
      'Player Quality: Min. Silver',
      [
        [3, 2],
        [13, 0],
      ],
      { kind: 'quality', scope: 'min', tier: 2 },
    ],
    [
      'Leagues in Squad: Max. 4',
      [
        [8, 4],
        [13, 1],
      ],
      { kind: 'distinctGroups', group: 'league', scope: 'max', value: 4 },
    ],
    [
      'Romania OR Sweden: Min. 1 Player',
      [
        [10, 39],
        [10, 46],
        [13, 0],
        [2, 1],
      ],
      { kind: 'players', scope: 'min', count: 1, conditions: [{ type: 'nation', ids: [39, 46] }] },
    ],
    [
      'Team of the Week: Exactly 0 Players',
      [
        [25, 23],
        [13, 2],
        [2, 0],
      ],
      { kind: 'players', scope: 'exact', count: 0, conditions: [{ type: 'rarityGroup', groupIds: [23] }] },
    ],
    [
      'Team Rating: Min. 84',
      [
        [19, 84],
        [13, 0],
        [2, -1],
      ],
      { kind: 'teamRating', scope: 'min', value: 84 },
    ],
    ['Total Chemistry: Min. 24', [[35, 24]], { kind: 'chemistry', scope: 'min', value: 24 }],
    [
      'Chemistry Points per Player: Min. 2',
      [
        [36, 2],
        [13, 0],
      ],
      { kind: 'playerChemistry', scope: 'min', value: 2 },
    ],
    [
      'Players from the same Club: Max. 3',
      [
        [6, 3],
        [13, 1],
      ],
      { kind: 'sameGroup', group: 'club', scope: 'max', value: 3 },
    ],
    [
      'Nations in Squad: Exactly 3',
      [
        [7, 3],
        [13, 2],
      ],
      { kind: 'distinctGroups', group: 'nation', scope: 'exact', value: 3 },
    ],
    [
      'Premier League: Min. 11 Players',
      [
        [11, 13],
        [13, 0],
        [2, 11],
      ],
      { kind: 'players', scope: 'min', count: 11, conditions: [{ type: 'league', ids: [13] }] },
    ],
    [
      'Gold: Min. 2 Players',
      [
        [17, 3],
        [2, 2],
      ],
      { kind: 'players', scope: 'min', count: 2, conditions: [{ type: 'level', tiers: [3] }] },
    ],
    [
      'Min. OVR of 83: Min. 2 Players',
      [
        [26, 83],
        [2, 2],
      ],
      { kind: 'players', scope: 'min', count: 2, conditions: [{ type: 'minOvr', rating: 83 }] },
    ],
    [
      'France & Rare: Min. 2 Players',
      [
        [10, 18],
        [25, 4],
        [21, 2],
        [13, 0],
      ],
      {
        kind: 'players',
        scope: 'min',
        count: 2,
        conditions: [
          { type: 'nation', ids: [18] },
          { type: 'rarityGroup', groupIds: [4] },
        ],
      },
    ],
    [
      'Icons: Min. 1 Player',
      [[15, 1]],
      { kind: 'players', scope: 'min', count: 1, conditions: [{ type: 'legend' }] },
    ],
    [
      'First Owner: Min. 3 Players',
      [
        [30, 3],
        [13, 0],
      ],
      { kind: 'players', scope: 'min', count: 3, conditions: [{ type: 'firstOwner' }] },
    ],
    [
      'Number of Players in the Squad: Min. 11',
      [
        [2, 11],
        [13, 0],
      ],
      { kind: 'players', scope: 'min', count: 11, conditions: [] },
    ],
    [
      'Unsupported requirement: NUM_TROPHY_REQUIRED',
      [[16, 2]],
      { kind: 'unsupported', scope: 'min', key: 16, values: [2], count: -1 },
    ],
  ] as [string, [number, number][], SbcRequirement][])('%s', (label, pairs, expected) => {
    const [decoded] = decodeEligibility(rawSlot(1, pairs));
    expect(decoded).toEqual(expected);
    expect(requirementLabel(decoded as SbcRequirement)).toBe(label);
  });

  it('groups entries by slot, in slot order, whatever order they arrive in', () => {
    const entries = [...rawSlot(2, [[35, 20]]), ...rawSlot(1, [[19, 80]]), ...rawSlot(2, [[13, 0]])];
    expect(decodeEligibility(entries).map((requirement) => requirement.kind)).toEqual([
      'teamRating',
      'chemistry',
    ]);
  });

  it('reads elgOperation and defaults it to AND', () => {
    expect(decodeChallengeRequirements({ elgReq: rawSlot(1, [[19, 80]]) }).operation).toBe('AND');
    expect(decodeChallengeRequirements({ elgOperation: 'OR', elgReq: [] })).toEqual({
      operation: 'OR',
      requirements: [],
    });
  });

  it('accepts key names and numbers sent as strings', () => {
    const entries = [
      { type: 'TEAM_RATING', eligibilitySlot: '1', eligibilityKey: 'TEAM_RATING', eligibilityValue: '84' },
      { eligibilitySlot: 1, eligibilityKey: 'SCOPE', eligibilityValue: 'LOWER' },
      { eligibilitySlot: 2, eligibilityKey: '35', eligibilityValue: 20 },
    ];
    expect(decodeEligibility(entries)).toEqual([
      { kind: 'teamRating', scope: 'max', value: 84 },
      { kind: 'chemistry', scope: 'min', value: 20 },
    ]);
  });

  it('rejects malformed input with a clear error', () => {
    expect(() =>
      decodeEligibility([{ eligibilitySlot: 1, eligibilityKey: 'NOPE', eligibilityValue: 1 }]),
    ).toThrow('unknown eligibility key "NOPE"');
    expect(() => decodeEligibility('nonsense')).toThrow(
      'Invalid SBC requirements: Expected array, received string',
    );
    expect(() => decodeEligibility([{ eligibilitySlot: 1, eligibilityKey: 19 }])).toThrow(
      'Invalid SBC requirements at 0.eligibilityValue: expected a whole number',
    );
    expect(() =>
      decodeEligibility(
        rawSlot(3, [
          [19, 80],
          [13, 7],
        ]),
      ),
    ).toThrow('SBC requirement slot 3: unknown scope 7');
  });
});

describe('encoding requirements as the game does', () => {
  it('writes one slot per requirement with its values, SCOPE and PLAYER_COUNT entries', () => {
    expect(encodeEligibility([{ kind: 'teamRating', scope: 'min', value: 84 }])).toEqual([
      { type: 'TEAM_RATING', eligibilitySlot: 1, eligibilityKey: 19, eligibilityValue: 84 },
      { type: 'SCOPE', eligibilitySlot: 1, eligibilityKey: 13, eligibilityValue: 0 },
      { type: 'PLAYER_COUNT', eligibilitySlot: 1, eligibilityKey: 2, eligibilityValue: -1 },
    ]);
  });

  it('decodes what it encodes', () => {
    const scope = fc.constantFrom('min' as const, 'max' as const, 'exact' as const);
    const small = fc.integer({ min: 0, max: 99 });
    const ids = fc.uniqueArray(fc.integer({ min: 1, max: 200_000 }), { minLength: 1, maxLength: 3 });
    const condition = fc.oneof(
      fc.record({ type: fc.constantFrom('nation' as const, 'league' as const, 'club' as const), ids }),
      fc.record({ type: fc.constant('rarityGroup' as const), groupIds: ids }),
      fc.record({
        type: fc.constantFrom('minOvr' as const, 'maxOvr' as const, 'exactOvr' as const),
        rating: small,
      }),
      fc.record({ type: fc.constant('tradability' as const), untradeable: fc.boolean() }),
    );
    const requirement: fc.Arbitrary<SbcRequirement> = fc.oneof(
      fc.record({ kind: fc.constantFrom('teamRating' as const, 'chemistry' as const), scope, value: small }),
      fc.record({ kind: fc.constant('quality' as const), scope, tier: fc.integer({ min: 1, max: 3 }) }),
      fc.record({
        kind: fc.constantFrom('sameGroup' as const, 'distinctGroups' as const),
        group: fc.constantFrom('club' as const, 'league' as const, 'nation' as const),
        scope,
        value: small,
      }),
      fc.record({
        kind: fc.constant('players' as const),
        scope,
        count: fc.integer({ min: 0, max: 11 }),
        conditions: fc.uniqueArray(condition, { maxLength: 2, selector: (each) => each.type }),
      }),
    );
    fc.assert(
      fc.property(fc.array(requirement, { maxLength: 6 }), (requirements) => {
        expect(decodeEligibility(encodeEligibility(requirements))).toEqual(requirements);
      }),
    );
  });
});
