import type { SbcCard } from '../sbc/squad.js';

/** The card facts the SBC solver reads, with the ids that name the card (no price, no groups). */
export interface SbcCatalogueCard extends SbcCard {
  readonly definitionId: number;
  readonly assetId: number;
}

/** A catalogue card (or a world card built from one) that belongs to a club. */
export type ClubCard = Pick<
  SbcCard,
  'rating' | 'rarityId' | 'positions' | 'clubId' | 'leagueId' | 'nationId'
> & {
  readonly definitionId: number;
  readonly baseId: number;
};

/**
 * The solver's view of a catalogue card: the server's SBC worker and the sandbox's standard pool
 * both price these, so the card's facts are mapped in one place (the asset id is the base id).
 */
export function sbcCardOf(card: ClubCard): SbcCatalogueCard {
  return {
    definitionId: card.definitionId,
    assetId: card.baseId,
    rating: card.rating,
    rarityId: card.rarityId,
    positions: card.positions,
    clubId: card.clubId,
    leagueId: card.leagueId,
    nationId: card.nationId,
  };
}
