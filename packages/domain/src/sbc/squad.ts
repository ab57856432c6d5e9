/** The squad shapes the SBC rules work on (no game-client or sim types: plain facts). */

/** Per-card chemistry profile (SBC.md §1.3): what an in-position card adds to its groups. */
export interface ChemistryProfile {
  /** Contribution to the card's club, league and nation counts. */
  readonly club: number;
  readonly league: number;
  readonly nation: number;
  /** Added to every league that has an in-position player (icons since FC 24). */
  readonly everyLeague: number;
  /** Chemistry the card always has in position (icons and heroes: 3); none = from thresholds. */
  readonly fixedChemistry?: number;
}

/** One player card in a squad slot. */
export interface SbcCard {
  readonly rating: number;
  /** EA `rareflag` (0 common, 1 rare, 3 TOTW, 12 icon, 72 hero …). */
  readonly rarityId: number;
  /** Generic position codes the card may play: preferred first, then alternates. */
  readonly positions: readonly string[];
  readonly clubId: number;
  readonly leagueId: number;
  readonly nationId: number;
  /** The item's rarity groups (`groups`); when absent they are derived from the rarity. */
  readonly groups?: readonly number[];
  readonly untradeable?: boolean;
  /** True when the account is the card's first owner (packed or earned, never bought). */
  readonly firstOwner?: boolean;
  /** The item's own profile (promos); when absent the icon, hero or base profile applies. */
  readonly chemistryProfile?: ChemistryProfile;
}

/** A locked slot: a plain brick counts for nothing; a custom brick links by club/league/nation. */
export type SbcBrick =
  | { readonly brick: 'plain' }
  | {
      readonly brick: 'custom';
      readonly clubId: number;
      readonly leagueId: number;
      readonly nationId: number;
    };

/** A slot holds a card, a brick, or nothing yet (null). */
export type SbcSlot = SbcCard | SbcBrick | null;

/** Eleven slots and the slot position codes of the challenge's formation (same order). */
export interface SbcSquad {
  readonly positions: readonly string[];
  readonly slots: readonly SbcSlot[];
}

/** Whether the slot holds a brick (a placeholder, not a card). */
export function isBrick(slot: SbcSlot): slot is SbcBrick {
  return slot !== null && 'brick' in slot;
}

/** Whether the slot holds a real card. */
export function isCard(slot: SbcSlot): slot is SbcCard {
  return slot !== null && !('brick' in slot);
}

/** The cards of a squad, bricks and empty slots left out. */
export function squadCards(squad: SbcSquad): SbcCard[] {
  return squad.slots.filter(isCard);
}

/** Slots a player must fill: 11 minus the locked (brick) slots. */
export function requiredPlayerCount(squad: SbcSquad): number {
  return squad.slots.length - squad.slots.filter(isBrick).length;
}

/** Throws a clear error unless the squad has 11 slots and 11 slot positions. */
export function assertSquadShape(squad: SbcSquad): void {
  if (squad.slots.length !== 11 || squad.positions.length !== 11) {
    throw new Error(
      `An SBC squad has 11 slots and 11 positions (got ${squad.slots.length} slots, ${squad.positions.length} positions)`,
    );
  }
}
