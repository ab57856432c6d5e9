import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_SQUAD_CHEMISTRY, squadChemistry } from './chemistry.js';
import { formationSlots, genericPosition, isInPosition, SBC_FORMATIONS } from './formations.js';
import { HERO_CLUB_ID, ICON_CLUB_ID, ICON_LEAGUE_ID, normalizeClubId } from './special-cards.js';
import type { SbcCard, SbcSlot } from './squad.js';
import { card, squad433, strangers } from './test-squads.js';

/** The strangers squad with the first cards replaced. */
function withFirst(...cards: SbcSlot[]): SbcSlot[] {
  return [...cards, ...strangers().slice(cards.length)];
}

const linked = (count: number, link: Partial<SbcCard>) =>
  Array.from({ length: count }, (_, index) =>
    card({ clubId: 1100 + index, leagueId: 2100 + index, nationId: 3100 + index, ...link }),
  );

describe('formations and the position rule', () => {
  it('gives every formation 11 slots with the keeper first and no FC 25-removed positions', () => {
    for (const slots of Object.values(SBC_FORMATIONS)) {
      expect(slots).toHaveLength(11);
      expect(slots[0]).toBe('GK');
      expect(slots.map(genericPosition)).not.toEqual(expect.arrayContaining(['CF', 'LWB', 'RWB']));
    }
  });

  it('treats LCB, CB and RCB as the same generic CB slot, and LS/RS as ST', () => {
    expect(isInPosition(['CB'], 'LCB')).toBe(true);
    expect(isInPosition(['ST', 'CAM'], 'RS')).toBe(true);
    expect(isInPosition(['CM'], 'CDM')).toBe(false);
    expect(formationSlots('f4231')).toEqual([
      'GK',
      'RB',
      'RCB',
      'LCB',
      'LB',
      'RDM',
      'LDM',
      'RAM',
      'CAM',
      'LAM',
      'ST',
    ]);
  });

  it('rejects an unknown formation id', () => {
    expect(() => formationSlots('f999')).toThrow('Unknown SBC formation "f999"');
    expect(() => formationSlots('constructor')).toThrow('Unknown SBC formation');
  });
});

describe('squad chemistry (SBC.md §1)', () => {
  it('gives 3 to each of 11 in-position players of one club, 33 in total', () => {
    const result = squadChemistry(squad433(Array.from({ length: 11 }, () => card())));
    expect(result.perSlot).toEqual(Array(11).fill(3));
    expect(result.total).toBe(MAX_SQUAD_CHEMISTRY);
  });

  it('gives 0 to a squad without links', () => {
    expect(squadChemistry(squad433(strangers())).total).toBe(0);
  });

  it.each([
    // [group, players linked, points each]
    ['club', 1, 0],
    ['club', 2, 1],
    ['club', 3, 1],
    ['club', 4, 2],
    ['club', 6, 2],
    ['club', 7, 3],
    ['league', 2, 0],
    ['league', 3, 1],
    ['league', 5, 2],
    ['league', 8, 3],
    ['nation', 2, 1],
    ['nation', 4, 1],
    ['nation', 5, 2],
    ['nation', 7, 2],
    ['nation', 8, 3],
  ] as const)('%s: %i linked players get %i each', (group, count, points) => {
    const link = group === 'club' ? { clubId: 7 } : group === 'league' ? { leagueId: 7 } : { nationId: 7 };
    const result = squadChemistry(squad433(withFirst(...linked(count, link))));
    expect(result.perSlot.slice(0, count)).toEqual(Array(count).fill(points));
    expect(result.perSlot.slice(count)).toEqual(Array(11 - count).fill(0));
  });

  it('adds club, league and nation points and caps the player at 3', () => {
    const pair = linked(2, { clubId: 7 });
    const leagueMates = linked(3, { leagueId: 8, nationId: 9 });
    const result = squadChemistry(
      squad433(withFirst(card({ clubId: 7, leagueId: 8, nationId: 9 }), pair[0] as SbcCard, ...leagueMates)),
    );
    // Slot 0: club pair (1) + league of 4 (1) + nation of 4 (1) = 3.
    expect(result.perSlot[0]).toBe(3);
    expect(result.perSlot[1]).toBe(1);
  });

  it('gives an out-of-position player 0 and drops him from his team-mates’ counts', () => {
    const [first, second] = linked(2, { clubId: 7 }) as [SbcCard, SbcCard];
    const result = squadChemistry(squad433(withFirst({ ...first, positions: ['ST'] }, second)));
    expect(result.inPosition.slice(0, 2)).toEqual([false, true]);
    expect(result.perSlot.slice(0, 2)).toEqual([0, 0]);
    expect(squadChemistry(squad433(withFirst(first, second))).perSlot.slice(0, 2)).toEqual([1, 1]);
  });

  it('gives an in-position icon 3 and counts him twice toward his nation', () => {
    const icon = card({ rarityId: 12, clubId: ICON_CLUB_ID, leagueId: ICON_LEAGUE_ID, nationId: 7 });
    const nationMates = linked(3, { nationId: 7 });
    const result = squadChemistry(squad433(withFirst(icon, ...nationMates)));
    expect(result.perSlot[0]).toBe(3);
    // 3 players + 2 from the icon = 5: two points each.
    expect(result.perSlot.slice(1, 4)).toEqual([2, 2, 2]);
  });

  it('adds an in-position icon’s +1 to every league in the squad', () => {
    const icon = card({ rarityId: 12, clubId: ICON_CLUB_ID, leagueId: ICON_LEAGUE_ID, nationId: 3999 });
    const leagueMates = linked(2, { leagueId: 7 });
    expect(squadChemistry(squad433(withFirst(...leagueMates))).perSlot.slice(0, 2)).toEqual([0, 0]);
    expect(squadChemistry(squad433(withFirst(icon, ...leagueMates))).perSlot.slice(1, 3)).toEqual([1, 1]);
  });

  it('gives a hero 3, counts him twice toward his league and not at all out of position', () => {
    const hero = card({ rarityId: 72, clubId: HERO_CLUB_ID, leagueId: 7, nationId: 3999 });
    const leagueMates = linked(1, { leagueId: 7 });
    const inPosition = squadChemistry(squad433(withFirst(hero, ...leagueMates)));
    expect(inPosition.perSlot.slice(0, 2)).toEqual([3, 1]);
    const benched = squadChemistry(squad433(withFirst({ ...hero, positions: ['ST'] }, ...leagueMates)));
    expect(benched.perSlot.slice(0, 2)).toEqual([0, 0]);
  });

  it('links a women’s team with the men’s team of the same club', () => {
    expect(normalizeClubId(116009)).toBe(1); // Arsenal women → Arsenal
    expect(normalizeClubId(116012)).not.toBe(116012); // Manchester Utd → Man Utd
    const result = squadChemistry(
      squad433(
        withFirst(
          card({ clubId: 1, leagueId: 2101, nationId: 3101 }),
          card({ clubId: 116009, leagueId: 2216, nationId: 3102 }),
        ),
      ),
    );
    expect(result.perSlot.slice(0, 2)).toEqual([1, 1]);
  });

  it('lets a custom brick give links while a plain brick gives nothing', () => {
    const custom: SbcSlot = { brick: 'custom', clubId: 7, leagueId: 2500, nationId: 3500 };
    const result = squadChemistry(
      squad433(withFirst(custom, card({ clubId: 7, leagueId: 2501, nationId: 3501 }))),
    );
    expect(result.perSlot.slice(0, 2)).toEqual([1, 1]);
    const plain = squadChemistry(squad433(withFirst({ brick: 'plain' }, card({ clubId: 7 }))));
    expect(plain.perSlot.slice(0, 2)).toEqual([0, 0]);
  });

  it('uses a card’s own chemistry profile (a promo counting double for its club)', () => {
    const promo = card({
      clubId: 7,
      rarityId: 50,
      chemistryProfile: { club: 2, league: 1, nation: 1, everyLeague: 0 },
    });
    const mates = linked(2, { clubId: 7 });
    // 2 (promo) + 2 = 4: two club points each.
    expect(squadChemistry(squad433(withFirst(promo, ...mates))).perSlot.slice(0, 3)).toEqual([2, 2, 2]);
  });

  it('never gives a player more than 3 or a squad more than 33', () => {
    const ids = fc.integer({ min: 1, max: 4 });
    const anyCard = fc.record({
      rating: fc.integer({ min: 45, max: 99 }),
      rarityId: fc.constantFrom(0, 1, 3, 12, 72),
      positions: fc.subarray(['GK', 'RB', 'CB', 'LB', 'CM', 'RW', 'ST', 'LW'], { minLength: 1 }),
      clubId: ids,
      leagueId: ids,
      nationId: ids,
    });
    const slot = fc.oneof(anyCard, fc.constant(null), fc.constant({ brick: 'plain' as const }));
    fc.assert(
      fc.property(fc.array(slot, { minLength: 11, maxLength: 11 }), (slots) => {
        const result = squadChemistry({ positions: formationSlots('f433'), slots });
        expect(Math.max(...result.perSlot)).toBeLessThanOrEqual(3);
        expect(Math.min(...result.perSlot)).toBeGreaterThanOrEqual(0);
        expect(result.total).toBeLessThanOrEqual(33);
        result.perSlot.forEach((points, index) => {
          if (!result.inPosition[index]) expect(points).toBe(0);
        });
      }),
    );
  });
});
