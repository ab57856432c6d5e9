import { genericPosition, genericPositionOfId } from './formations.js';
import type { SbcCard } from './squad.js';

/** The `itemData` fields (GAME-PROTOCOL §2.8) an SBC card is built from. */
export interface SbcItemFacts {
  readonly rating?: number;
  readonly rareflag?: number;
  readonly preferredPosition?: string;
  readonly possiblePositions?: readonly string[];
  readonly teamid?: number;
  readonly leagueId?: number;
  readonly nation?: number;
  readonly groups?: readonly number[];
  readonly untradeable?: boolean;
  readonly untradeableCount?: number;
  readonly owners?: number;
}

/** A position as a generic code, whether it comes as a code ("LCB") or an EA id ("6"). */
function positionCode(position: string): string | undefined {
  return /^\d+$/.test(position) ? genericPositionOfId(Number(position)) : genericPosition(position);
}

/**
 * The SBC view of a game item. Throws when a fact the rules need is missing. First owner means
 * `owners` is 1; untradeable is the flag or, on FC 26 items, a positive `untradeableCount`.
 */
export function sbcCardFromItem(item: SbcItemFacts): SbcCard {
  const { rating, teamid, leagueId, nation } = item;
  if (rating === undefined || teamid === undefined || leagueId === undefined || nation === undefined) {
    throw new Error('An SBC card needs the item’s rating, teamid, leagueId and nation');
  }
  const listed = item.possiblePositions?.length ? item.possiblePositions : [item.preferredPosition ?? ''];
  const positions = [...new Set(listed.map(positionCode).filter((code): code is string => !!code))];
  return {
    rating,
    rarityId: item.rareflag ?? 0,
    positions,
    clubId: teamid,
    leagueId,
    nationId: nation,
    ...(item.groups ? { groups: item.groups } : {}),
    untradeable: item.untradeable === true || (item.untradeableCount ?? 0) > 0,
    firstOwner: item.owners === 1,
  };
}
