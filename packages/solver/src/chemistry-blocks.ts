/** Blocks of one group or of a nation and a league together, and the plans of one or two blocks that meet the chemistry. */
import { MAX_PLAYER_CHEMISTRY, type GroupKind } from '@tradedesk/domain';
import { MAX_FILLERS, type Group, type Structure, thresholdsOf, pointsAt } from './chemistry-groups.js';
import type { Candidate } from './problem.js';

/** Nations and leagues paired in two-kind blocks (the cheapest of each at five players). */
const PAIRED_GROUPS = 8;
/** Groups per kind that make one-kind blocks. */
const BLOCK_GROUPS = 12;
/** Blocks kept per size and chemistry (the cheapest by floor), and plans of two blocks kept. */
const BLOCKS_PER_CELL = 3;

/** Players of a few groups whose chemistry holds among themselves: a plan joins one or two. */
interface Block {
  readonly parts: readonly { readonly group: Group; readonly quota: number }[];
  readonly size: number;
  readonly total: number;
  readonly least: number;
  /** The parts' cheapest members summed (a floor; slots are the flow's to settle). */
  readonly estimate: number;
}

function classGroup(kind: GroupKind, id: number, members: readonly Candidate[]): Group {
  const floor = [0];
  for (const member of members) floor.push((floor.at(-1) ?? 0) + member.cost);
  return { kind, id, members, floor };
}

function blockOf(parts: Block['parts'], total: number, least: number): Block {
  const live = parts.filter((part) => part.quota > 0);
  return {
    parts: live,
    size: live.reduce((sum, part) => sum + part.quota, 0),
    total,
    least,
    estimate: live.reduce((sum, part) => sum + (part.group.floor[part.quota] ?? Infinity), 0),
  };
}

/**
 * Blocks of one group (q players of a nation or league) and of a nation N and league L together:
 * x players of both, y of N only and z of L only (N counts x + y, L counts x + z; a player of
 * both gets both groups' points).
 */
function blocksOf(
  nations: readonly Group[],
  leagues: readonly Group[],
  slots: number,
  cap: number,
  least: number,
): Block[] {
  const cheapestAt = (groups: readonly Group[], size: number, count: number) =>
    [...groups]
      .filter((g) => g.members.length >= 2)
      .sort((a, b) => (a.floor[size] ?? Infinity) - (b.floor[size] ?? Infinity))
      .slice(0, count);
  const blocks: Block[] = [];
  for (const groups of [nations, leagues])
    for (const group of cheapestAt(groups, 3, BLOCK_GROUPS))
      for (let quota = 2; quota <= Math.min(cap, slots, group.members.length); quota += 1) {
        const points = Math.min(MAX_PLAYER_CHEMISTRY, pointsAt(quota, thresholdsOf(group.kind)));
        if (points >= Math.max(1, least)) blocks.push(blockOf([{ group, quota }], quota * points, points));
      }
  for (const nation of cheapestAt(nations, 5, PAIRED_GROUPS))
    for (const league of cheapestAt(leagues, 5, PAIRED_GROUPS)) {
      const both = classGroup(
        'nation',
        nation.id,
        nation.members.filter((c) => c.card.leagueId === league.id),
      );
      if (both.members.length === 0) continue;
      const nationOnly = classGroup(
        'nation',
        nation.id,
        nation.members.filter((c) => c.card.leagueId !== league.id),
      );
      const leagueOnly = classGroup(
        'league',
        league.id,
        league.members.filter((c) => c.card.nationId !== nation.id),
      );
      for (let x = 1; x <= Math.min(both.members.length, slots); x += 1)
        for (let y = 0; y <= Math.min(nationOnly.members.length, slots - x); y += 1)
          for (let z = 0; z <= Math.min(leagueOnly.members.length, slots - x - y); z += 1) {
            if (x + y > cap || x + z > cap) continue;
            const nationPoints = pointsAt(x + y, thresholdsOf('nation'));
            const leaguePoints = pointsAt(x + z, thresholdsOf('league'));
            const bothPoints = Math.min(MAX_PLAYER_CHEMISTRY, nationPoints + leaguePoints);
            if (bothPoints === 0) continue;
            const total = x * bothPoints + y * nationPoints + z * leaguePoints;
            const lowest = Math.min(
              bothPoints,
              y > 0 ? nationPoints : MAX_PLAYER_CHEMISTRY,
              z > 0 ? leaguePoints : MAX_PLAYER_CHEMISTRY,
            );
            const estimate =
              (both.floor[x] ?? Infinity) +
              (nationOnly.floor[y] ?? Infinity) +
              (leagueOnly.floor[z] ?? Infinity);
            if (lowest < least || estimate === Infinity) continue;
            blocks.push(
              blockOf(
                [
                  { group: both, quota: x },
                  { group: nationOnly, quota: y },
                  { group: leagueOnly, quota: z },
                ],
                total,
                lowest,
              ),
            );
          }
    }
  return blocks;
}

/**
 * Plans of one block or two, and fillers (the cheapest cards, no chemistry counted), that meet
 * the chemistry by the blocks' own counts. Per size and chemistry only the cheapest blocks are
 * combined.
 */
export function blockStructures(
  nations: readonly Group[],
  leagues: readonly Group[],
  needs: { total: number; least: number },
  fillerCost: readonly number[],
  cap: number,
): Structure[] {
  const slots = fillerCost.length - 1;
  const cells = new Map<number, Block[]>();
  const cellKey = (size: number, total: number) => size * 64 + total;
  for (const block of blocksOf(nations, leagues, slots, cap, needs.least)) {
    const key = cellKey(block.size, block.total);
    const list = cells.get(key) ?? [];
    list.push(block);
    list.sort((a, b) => a.estimate - b.estimate);
    if (list.length > BLOCKS_PER_CELL) list.pop();
    cells.set(key, list);
  }
  const found: Structure[] = [];
  const maxFillers = needs.least > 0 ? 0 : MAX_FILLERS;
  const entries = [...cells.values()].flat();
  for (const first of entries) {
    const fillers = slots - first.size;
    if (fillers <= maxFillers && first.total >= needs.total)
      found.push({
        parts: first.parts,
        fillers,
        estimate: first.estimate + (fillerCost[fillers] ?? Infinity),
      });
    for (let fill = 0; fill <= maxFillers; fill += 1) {
      const size = slots - first.size - fill;
      if (size < 2 || size < first.size) continue;
      for (
        let total = Math.max(0, needs.total - first.total);
        total <= MAX_PLAYER_CHEMISTRY * size;
        total += 1
      )
        for (const second of cells.get(cellKey(size, total)) ?? [])
          if (second !== first)
            found.push({
              parts: [...first.parts, ...second.parts],
              fillers: fill,
              estimate: first.estimate + second.estimate + (fillerCost[fill] ?? Infinity),
            });
    }
  }
  return found;
}
