import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { meetsMinTeamRating, ratingScore, squadRating, teamRating } from './rating.js';
import { card, squad433 } from './test-squads.js';

/** SBC.md §2 in floating point, as the community formula is usually written. */
function floatRating(ratings: readonly number[]): number {
  const padded = [...ratings, ...Array<number>(11 - ratings.length).fill(0)];
  const sum = padded.reduce((total, rating) => total + rating, 0);
  const excess = padded.reduce((total, rating) => total + Math.max(0, rating - sum / 11), 0);
  return Math.floor(Math.round(sum + excess) / 11);
}

const ratingsArb = fc.array(fc.integer({ min: 45, max: 99 }), { minLength: 11, maxLength: 11 });

describe('team rating (SBC.md §2)', () => {
  it.each([
    ['eleven 84s', Array(11).fill(84), 84],
    ['ten 83s and a 90 (the excess lifts it)', [...Array(10).fill(83), 90], 84],
    ['S + E = 923.64 rounds up to 924 = 11 × 84', [85, 85, 85, 85, 84, 83, 83, 83, 81, 81, 81], 84],
    ['ten 84s and an empty slot (the divisor stays 11)', Array(10).fill(84), 83],
    ['nothing at all', [], 0],
  ])('%s → %i', (_name, ratings, expected) => {
    expect(teamRating(ratings)).toBe(expected);
  });

  it('uses the exact integer test 11·S + Σ max(0, 11·r − S) ≥ 121·T − 5', () => {
    const roundedUp = [85, 85, 85, 85, 84, 83, 83, 83, 81, 81, 81];
    expect(ratingScore(roundedUp)).toBe(10160);
    expect(meetsMinTeamRating(roundedUp, 84)).toBe(true); // 10160 ≥ 10164 − 5
    expect(meetsMinTeamRating(roundedUp, 85)).toBe(false);
  });

  it('counts bricks and empty slots as 0 in a squad', () => {
    const slots = [{ brick: 'plain' as const }, ...Array.from({ length: 10 }, () => card({ rating: 84 }))];
    expect(squadRating(squad433(slots))).toBe(83);
  });

  it('rejects more than 11 ratings', () => {
    expect(() => teamRating(Array(12).fill(80))).toThrow('A squad rating takes at most 11 ratings');
  });

  it('matches the floating-point formula and the integer minimum test', () => {
    fc.assert(
      fc.property(ratingsArb, fc.integer({ min: 45, max: 99 }), (ratings, target) => {
        expect(teamRating(ratings)).toBe(floatRating(ratings));
        expect(meetsMinTeamRating(ratings, target)).toBe(teamRating(ratings) >= target);
      }),
    );
  });

  it('never drops when one player’s rating goes up', () => {
    fc.assert(
      fc.property(ratingsArb, fc.nat(10), fc.integer({ min: 1, max: 20 }), (ratings, index, raise) => {
        const raised = ratings.map((rating, at) => (at === index ? Math.min(99, rating + raise) : rating));
        expect(teamRating(raised)).toBeGreaterThanOrEqual(teamRating(ratings));
      }),
    );
  });
});
