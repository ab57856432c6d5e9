import { loadCatalogue, type CatalogueCard } from '@tradedesk/domain/catalogue';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.js';
import { sbcClubRepo } from '../../src/modules/sbc/club-repo.js';
import { sbcRepo } from '../../src/modules/sbc/repo.js';
import { challengeRowsOf, sbcFeedSchema } from '../../src/modules/sbc/sync.js';
import { currentPriceMemory } from '../../src/modules/prices/current-price-memory.js';
import { createAccount } from '../realtime/stack.js';
import { backends, signedInUser, useTestApp } from '../helpers.js';

/** Three challenges any eleven players fulfil. */
const feed = sbcFeedSchema.parse({
  sets: [41_001, 41_002, 41_003].map((setId, index) => ({
    setId,
    name: `Any Eleven ${index + 1}`,
    endTime: -1,
    challenges: [
      { challengeId: setId + 1_000, name: `Any Eleven ${index + 1}`, formation: 'f433', elgReq: [] },
    ],
  })),
});
const [first] = ['set-41001', 'set-41002', 'set-41003'];

/** An untradeable gold for each position of a 4-3-3, all of other players. */
function elevenGolds(): CatalogueCard[] {
  const taken = new Set<number>();
  return ['GK', 'RB', 'CB', 'CB', 'LB', 'CM', 'CM', 'CM', 'RW', 'ST', 'LW'].map((position) => {
    const card = loadCatalogue().cards.find(
      (candidate) =>
        candidate.position === position &&
        candidate.rarityId === 1 &&
        candidate.rating >= 75 &&
        candidate.clubId !== null &&
        !taken.has(candidate.baseId),
    );
    if (!card) throw new Error(`no gold ${position} in the catalogue`);
    taken.add(card.baseId);
    return card;
  });
}

describe.each(backends)("An account's squads from its club (%s)", (backend) => {
  const t = useTestApp(backend);

  /** A user with a PC account whose read club holds `cards` (none of them priced on the market). */
  async function accountWithClub(cards: readonly CatalogueCard[]) {
    const db = t.database.db;
    await sbcRepo.upsertChallenges(db, challengeRowsOf(feed, t.clock.now()));
    const user = await signedInUser(t.app, { tier: 'snipe' });
    const [row] = await db.select().from(users).where(eq(users.username, user.username));
    if (!row) throw new Error('no user row');
    const accountId = await createAccount(
      user.client,
      `squads.${Date.now()}.${Math.random()}@example.com`,
      'pc',
    );
    const readId = `read-${accountId}`;
    await sbcClubRepo.requestRead(db, { accountId, userId: row.id, readId, at: t.clock.now() });
    await sbcClubRepo.finishRead(db, readId, {
      at: t.clock.now(),
      cards: cards.map((card, index) => ({
        itemId: 700_000 + index,
        definitionId: card.definitionId,
        untradeable: true,
        discardValue: 250,
      })),
    });
    const memory = await currentPriceMemory(db).ready(t.clock.now().getTime());
    expect(cards.filter((card) => memory.get(card.definitionId, 'pc') !== undefined)).toEqual([]);
    return { user: row, accountId };
  }

  it('names an owned card that has no market price by its player name', async () => {
    const club = elevenGolds();
    const { user, accountId } = await accountWithClub(club);

    const squad = await t.app.sbcAccountSolutions.solutionFor(user.id, accountId, first);

    expect(squad.players).toHaveLength(11);
    expect(squad.players.every((player) => player.owned)).toBe(true);
    const nameOf = new Map(club.map((card) => [card.definitionId, card.name]));
    expect(squad.players.map((player) => player.name).sort()).toEqual([...nameOf.values()].sort());
  });
});
