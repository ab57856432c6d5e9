/** Squad builders shared by the SBC tests (not exported from the package). */
import { formationSlots } from './formations.js';
import type { SbcCard, SbcSlot, SbcSquad } from './squad.js';

/** Premier League / England / Arsenal unless overridden; plays every position it is put in. */
export function card(overrides: Partial<SbcCard> = {}): SbcCard {
  return { rating: 80, rarityId: 1, positions: [], clubId: 1, leagueId: 13, nationId: 14, ...overrides };
}

/** A 4-3-3 squad; cards without positions are given the slot's own generic position. */
export function squad433(slots: readonly SbcSlot[]): SbcSquad {
  const positions = formationSlots('f433');
  const generic = ['GK', 'RB', 'CB', 'CB', 'LB', 'CM', 'CM', 'CM', 'RW', 'ST', 'LW'];
  const filled = positions.map((_, index) => {
    const slot = slots[index] ?? null;
    if (slot === null || 'brick' in slot || slot.positions.length > 0) return slot;
    return { ...slot, positions: [generic[index] ?? 'ST'] };
  });
  return { positions, slots: filled };
}

/** Eleven distinct-everything cards (no links at all), ratings 70. */
export function strangers(): SbcCard[] {
  return Array.from({ length: 11 }, (_, index) =>
    card({ rating: 70, clubId: 1000 + index, leagueId: 2000 + index, nationId: 3000 + index }),
  );
}
