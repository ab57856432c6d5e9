import { SBC_CLUB_MAX_CARDS, type SbcClubCard } from '@tradedesk/domain/realtime';
import { definitionIdOf, type ClubApi } from '@tradedesk/game-client';

/**
 * Reads the club's players page by page (one game call each, `beforePage` waits between them) up
 * to `maxCards`, untradeable first: those are the cards a squad should use before any other (they
 * can only be quick-sold). The game is asked for the cheapest first, so a club larger than the cap
 * keeps its squad fodder, not its most valuable cards. Items that are no player card (no
 * definition) are skipped.
 */
export async function readClubCards(
  club: Pick<ClubApi, 'search'>,
  beforePage: (page: number) => Promise<void>,
  maxCards: number = SBC_CLUB_MAX_CARDS,
): Promise<SbcClubCard[]> {
  const cards: SbcClubCard[] = [];
  for (let page = 0; cards.length < maxCards; page += 1) {
    await beforePage(page);
    const answer = await club.search({ page, sort: 'asc' });
    for (const item of answer.items) {
      const definitionId = definitionIdOf(item);
      if (definitionId === undefined || definitionId <= 0) continue;
      cards.push({
        itemId: item.id,
        definitionId,
        untradeable: item.untradeable === true || (item.untradeableCount ?? 0) > 0,
        discardValue: Math.max(0, item.discardValue ?? 0),
      });
    }
    if (!answer.hasNextPage) break;
  }
  const kept = cards.slice(0, maxCards);
  return [...kept.filter((card) => card.untradeable), ...kept.filter((card) => !card.untradeable)];
}
