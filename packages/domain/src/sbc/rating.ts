import { SQUAD_SIZE } from './formations.js';
import type { SbcSquad } from './squad.js';
import { isCard } from './squad.js';

/**
 * Eleven times `S + E` as an exact integer (SBC.md §2): `S` is the sum of the 11 ratings (empty
 * and brick slots count 0, the divisor stays 11) and `E = Σ max(0, r − S/11)`, so
 * `11·(S + E) = 11·S + Σ max(0, 11·r − S)`.
 */
export function ratingScore(ratings: readonly number[]): number {
  const padded = padToSquad(ratings);
  const sum = padded.reduce((total, rating) => total + rating, 0);
  return padded.reduce((total, rating) => total + Math.max(0, SQUAD_SIZE * rating - sum), SQUAD_SIZE * sum);
}

function padToSquad(ratings: readonly number[]): number[] {
  if (ratings.length > SQUAD_SIZE) throw new Error(`A squad rating takes at most ${SQUAD_SIZE} ratings`);
  return [...ratings, ...new Array<number>(SQUAD_SIZE - ratings.length).fill(0)];
}

/**
 * The game's team rating: `floor(round(S + E) / 11)`. `11·(S+E)` is an integer that is never
 * 5.5 mod 11, so rounding half up in integers is exact.
 */
export function teamRating(ratings: readonly number[]): number {
  const score = ratingScore(ratings);
  const rounded = Math.floor((2 * score + SQUAD_SIZE) / (2 * SQUAD_SIZE));
  return Math.floor(rounded / SQUAD_SIZE);
}

/** Exact test for "Team Rating: Min T": `11·S + Σ max(0, 11·r − S) ≥ 121·T − 5`. */
export function meetsMinTeamRating(ratings: readonly number[], target: number): boolean {
  return ratingScore(ratings) >= SQUAD_SIZE * SQUAD_SIZE * target - 5;
}

/** Ratings of a squad's slots: cards by their rating, empty and brick slots 0. */
export function slotRatings(squad: SbcSquad): number[] {
  return squad.slots.map((slot) => (isCard(slot) ? slot.rating : 0));
}

/** Team rating of a squad's slots. */
export function squadRating(squad: SbcSquad): number {
  return teamRating(slotRatings(squad));
}
