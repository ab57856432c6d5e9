import type { Candidate, Problem } from './problem.js';
import type { Placement } from './squad-check.js';

/**
 * Puts the cards into the open slots with as many as possible in position (augmenting paths on
 * the 11×11 card-slot graph); the rest fill the remaining slots out of position.
 */
export function placeCards(problem: Problem, cards: readonly Candidate[]): (Candidate | null)[] {
  const slotOwner = new Map<number, number>();
  const tryCard = (card: number, seen: Set<number>): boolean => {
    for (const slot of problem.openSlots) {
      if (!((cards[card]?.positionMask ?? 0) & (1 << slot)) || seen.has(slot)) continue;
      seen.add(slot);
      const holder = slotOwner.get(slot);
      if (holder === undefined || tryCard(holder, seen)) {
        slotOwner.set(slot, card);
        return true;
      }
    }
    return false;
  };
  cards.forEach((_, card) => tryCard(card, new Set()));
  const placement: (Candidate | null)[] = problem.positions.map(() => null);
  for (const [slot, card] of slotOwner) {
    placement[slot] = cards[card] ?? null;
  }
  const placedCards = new Set(slotOwner.values());
  const free = problem.openSlots.filter((slot) => !slotOwner.has(slot));
  cards.forEach((card, index) => {
    if (placedCards.has(index)) return;
    const slot = free.shift();
    if (slot !== undefined) placement[slot] = card;
  });
  return placement;
}

export function placementCost(placement: Placement): number {
  return placement.reduce((sum, c) => sum + (c?.cost ?? 0), 0);
}
