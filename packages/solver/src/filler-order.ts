/**
 * Which cards the exact search may treat as "fillers come first": a squad's out-of-position cards
 * can be the cheapest cards it could hold.
 */
import { groupIdOf, matchesCondition, type SbcRequirement } from '@tradedesk/domain';
import type { Candidate } from './problem.js';

/** Per card (in the search's order): the flags of the fillers-first rule. */
export interface FillerOrder {
  /**
   * Skipping card u (its asset unused) makes every later card that is not `exempt` a card in
   * position: u could take the place of any such card out of position.
   */
  readonly binding: Uint8Array;
  /** Cards that may stay out of position anyway (taking one out could break a count rule). */
  readonly exempt: Uint8Array;
}

/**
 * The fillers-first rule (a dominance). A card out of position adds no chemistry and counts in no
 * group, so in a squad X with an out-of-position card f and an unused card u earlier in the order
 * (cheaper, or as cheap), X − f + u with u in f's slot costs no more and has as much chemistry;
 * repeating the swap ends at a squad as cheap where every out-of-position card comes before every
 * unused card. The swap must keep the other requirements: count rules (u may not join a "max" or
 * "exact" count, f may not leave a "min" or "exact" one), same-group maxima (u's group must have
 * room: fewer other members can join than the maximum) and unique assets (u's asset is on no other
 * card). Undefined when a requirement could break otherwise (ratings, distinct groups, same-group
 * minima or exact sizes): then the rule is off.
 *
 * `othersJoinable(u, members)`: how many of the given other cards of u's group can be in a squad
 * (the cut's members, capped where only a few cards can join).
 */
export function fillerOrder(
  requirements: readonly SbcRequirement[],
  cards: readonly Candidate[],
  othersJoinable: (members: readonly number[]) => number,
): FillerOrder | undefined {
  const n = cards.length;
  const binding = new Uint8Array(n).fill(1);
  const exempt = new Uint8Array(n);
  const assetCount = new Map<number, number>();
  for (const c of cards) assetCount.set(c.assetId, (assetCount.get(c.assetId) ?? 0) + 1);
  cards.forEach((c, i) => {
    if ((assetCount.get(c.assetId) ?? 0) > 1) binding[i] = 0;
  });
  for (const rule of requirements) {
    switch (rule.kind) {
      case 'chemistry':
      case 'playerChemistry':
      case 'quality':
        break;
      case 'players':
        cards.forEach((c, i) => {
          if (!rule.conditions.every((cond) => matchesCondition(c.card, cond))) return;
          if (rule.scope !== 'min') binding[i] = 0;
          if (rule.scope !== 'max') exempt[i] = 1;
        });
        break;
      case 'sameGroup': {
        // A minimum or exact size could fall when f leaves the largest group.
        if (rule.scope !== 'max') return undefined;
        const members = new Map<number, number[]>();
        cards.forEach((c, i) => {
          const g = groupIdOf(c.card, rule.group);
          const list = members.get(g) ?? [];
          list.push(i);
          members.set(g, list);
        });
        cards.forEach((c, i) => {
          const others = (members.get(groupIdOf(c.card, rule.group)) ?? []).filter((k) => k !== i);
          if (othersJoinable(others) > rule.value - 1) binding[i] = 0;
        });
        break;
      }
      default:
        return undefined;
    }
  }
  return { binding, exempt };
}
