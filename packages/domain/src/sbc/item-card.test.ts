import { describe, expect, it } from 'vitest';
import { sbcCardFromItem } from './item-card.js';

describe('sbcCardFromItem', () => {
  it('reads rating, rarity, generic positions, groups and flags from itemData', () => {
    const card = sbcCardFromItem({
      rating: 84,
      rareflag: 3,
      preferredPosition: 'ST',
      possiblePositions: ['ST', 'LS', '18'],
      teamid: 243,
      leagueId: 53,
      nation: 54,
      groups: [4, 23],
      untradeableCount: 1,
      owners: 1,
    });
    expect(card).toEqual({
      rating: 84,
      rarityId: 3,
      positions: ['ST', 'CAM'],
      clubId: 243,
      leagueId: 53,
      nationId: 54,
      groups: [4, 23],
      untradeable: true,
      firstOwner: true,
    });
  });

  it('falls back to the preferred position and treats a bought card as not first-owner', () => {
    const card = sbcCardFromItem({
      rating: 70,
      preferredPosition: 'RCB',
      teamid: 1,
      leagueId: 13,
      nation: 14,
      owners: 3,
    });
    expect(card).toMatchObject({ positions: ['CB'], rarityId: 0, untradeable: false, firstOwner: false });
  });

  it('refuses an item without the facts chemistry needs', () => {
    expect(() => sbcCardFromItem({ rating: 80, teamid: 1, leagueId: 13 })).toThrow(
      'An SBC card needs the item’s rating, teamid, leagueId and nation',
    );
  });
});
