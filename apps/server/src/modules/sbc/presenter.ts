import { rarityOfId, type Platform, type SbcClubCardView, type SbcClubView } from '@tradedesk/domain';
import { loadCatalogue } from '@tradedesk/domain/catalogue';
import { isReadingClub, type SbcClubRow } from '../account/club-repo.js';
import type { SbcChallengeRow, SbcSolutionRow } from './repo.js';

/** A stored solution as the API answers it (spec 001 §3 Solution, plus platform, cost, name, rating and slot). */
export function presentSolution(row: SbcSolutionRow) {
  return {
    solutionId: row.id,
    createdAt: row.createdAt.toISOString(),
    platform: row.platform,
    cost: row.cost,
    proof: row.proof,
    players: row.players,
  };
}
export type PresentedSolution = ReturnType<typeof presentSolution>;

export interface PresentedChallenge {
  challengeId: string;
  name: string;
  imageId: string;
  rewards: SbcChallengeRow['rewards'];
  expiresAt: string | null;
  solutions: PresentedSolution[];
  /** Without a solution: why `platform`'s market holds no squad (the solver proved it). */
  unsolvableReason?: string;
  subChallenges: PresentedChallenge[];
}

/** Top-level challenges with their sub-challenges nested, each with its newest solution. */
export function presentChallenges(
  rows: readonly SbcChallengeRow[],
  solutions: ReadonlyMap<string, SbcSolutionRow>,
  platform: Platform,
): PresentedChallenge[] {
  const present = (row: SbcChallengeRow): PresentedChallenge => {
    const solution = solutions.get(row.id);
    const unsolvableReason = solution ? undefined : row.unsolvable[platform];
    return {
      challengeId: row.id,
      name: row.name,
      imageId: row.imageId,
      rewards: row.rewards,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      solutions: solution ? [presentSolution(solution)] : [],
      ...(unsolvableReason === undefined ? {} : { unsolvableReason }),
      subChallenges: rows.filter((child) => child.parentId === row.id).map(present),
    };
  };
  return rows.filter((row) => row.parentId === null).map(present);
}

/** A club card named from the player catalogue (its fields null where the catalogue lacks it). */
function presentClubCard(card: SbcClubRow['cards'][number]): SbcClubCardView {
  const known = loadCatalogue().byDefinitionId(card.definitionId);
  const rarity = known ? rarityOfId(known.rarityId) : 'any';
  return {
    ...card,
    name: known?.name ?? null,
    rating: known?.rating ?? null,
    rarity: rarity === 'any' ? null : rarity,
    quality: known?.quality ?? null,
  };
}

/** An account's club as its last read found it; never read: no cards and no `readAt`. */
export function presentClub(accountId: string, row: SbcClubRow | undefined, now: Date): SbcClubView {
  return {
    accountId,
    readAt: row?.readAt?.toISOString() ?? null,
    isReading: isReadingClub(row, now),
    cards: (row?.cards ?? []).map(presentClubCard),
  };
}
