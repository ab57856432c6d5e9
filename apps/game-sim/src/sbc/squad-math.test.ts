import { describe, expect, it } from 'vitest';
import type { CardDef } from '../world/cards.js';
import { FORMATIONS, slotChemistry, squadRating } from './squad-math.js';

function card(overrides: Partial<CardDef>): CardDef {
  return {
    definitionId: 1,
    baseId: 1,
    name: 'Test',
    rating: 80,
    position: 'ST',
    positions: ['ST'],
    rarityId: 1,
    clubId: 10,
    leagueId: 13,
    nationId: 14,
    quality: 'gold',
    special: false,
    synthetic: false,
    baseValue: 1_000,
    pcFactor: 1,
    discardValue: 100,
    ...overrides,
  };
}

const f433 = FORMATIONS.f433 ?? [];

describe('squad rating', () => {
  it('is the plain average for equal ratings', () => {
    expect(squadRating(Array<number>(11).fill(84))).toBe(84);
  });

  it('adds the correction for players above the average', () => {
    // S = 890, E = 9.09…, round(899.09) = 899, 899 / 11 = 81.7 → 81
    expect(squadRating([90, ...Array<number>(10).fill(80)])).toBe(81);
    // Ten 84s and one 85 round up to 84 through the correction.
    expect(squadRating([85, ...Array<number>(10).fill(84)])).toBe(84);
  });

  it('counts empty slots as 0 with the divisor kept at 11', () => {
    // S = 900, A = 81.8, E = 10 × 8.18 = 81.8, round(981.8) = 982, 982 / 11 = 89.3 → 89
    expect(squadRating(Array<number>(10).fill(90))).toBe(89);
    expect(squadRating([])).toBe(0);
  });
});

describe('chemistry', () => {
  it('gives 3 to eleven in-position players of one club (33 in total)', () => {
    const squad = f433.map((position) => card({ position, positions: [position] }));
    expect(slotChemistry(squad, f433)).toEqual(Array<number>(11).fill(3));
  });

  it('gives 0 out of position, and the player no longer counts for the others', () => {
    const squad = f433.map((position, index) =>
      card({
        position,
        positions: [position],
        clubId: index < 2 ? 10 : 100 + index,
        leagueId: 100 + index,
        nationId: 200 + index,
      }),
    );
    const outOfPosition = [...squad];
    outOfPosition[1] = card({ position: 'ST', positions: ['ST'], clubId: 10, leagueId: 101, nationId: 201 });
    expect(slotChemistry(squad, f433).slice(0, 2)).toEqual([1, 1]);
    expect(slotChemistry(outOfPosition, f433).slice(0, 2)).toEqual([0, 0]);
  });

  it('gives an in-position icon 3 and counts it twice for its nation', () => {
    const icon = card({
      rarityId: 12,
      clubId: 112658,
      leagueId: 2118,
      nationId: 54,
      position: 'GK',
      positions: ['GK'],
    });
    const team = f433.slice(1).map((position, index) =>
      card({
        position,
        positions: [position],
        clubId: 300 + index,
        leagueId: 400 + index,
        nationId: index < 1 ? 54 : 500 + index,
      }),
    );
    const chemistry = slotChemistry([icon, ...team], f433);
    expect(chemistry[0]).toBe(3);
    // Icon (2) + one compatriot = 3 nation players → 1 point for the compatriot.
    expect(chemistry[1]).toBe(1);
  });
});
