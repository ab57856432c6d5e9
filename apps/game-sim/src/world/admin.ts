import { previousPrice } from '@tradedesk/domain';
import type { Platform } from './cards.js';
import type { Account, Trade } from './types.js';
import type { World } from './world.js';

/** A plain summary of an account for the admin API and the web app (no secrets). */
export function accountSummary(world: World, account: Account): Record<string, unknown> {
  return {
    id: account.id,
    personaId: account.personaId,
    email: account.email,
    platform: account.platform ?? null,
    personaName: account.personaName,
    coins: account.coins,
    marketLocked: account.marketLocked,
    captchaPending: account.captchaPending,
    softBan: account.softBan ?? null,
    forcedErrors: world.abuse.forcedRemaining(account),
    piles: {
      tradepile: account.tradepile.size,
      sold: account.soldTrades.size,
      watchlist: account.watchlist.size,
      unassigned: account.unassigned.length,
      club: account.club.size,
    },
    unassignedItemIds: account.unassigned.slice(0, 200),
    tradepileItemIds: [...account.tradepile],
    clubItemIds: [...account.club],
  };
}

export interface InjectListing {
  definitionId: number;
  platform: Platform;
  buyNowPrice: number;
  startingBid?: number;
  durationSeconds?: number;
  /** Let simulated buyers compete for it (default false: it waits for the test). */
  withSimBuyers?: boolean;
  /** A rival sniper takes it after the usual reaction time (implies simulated buyers). */
  rivalSnipe?: boolean;
}

/** Puts a simulated seller's listing with exact terms on the market (tests, demos). */
export function injectListing(
  world: World,
  input: InjectListing,
  schedule: (trade: Trade, forceRival: boolean) => void,
): Trade {
  const cardIndex = world.cardIndexByDefinition.get(input.definitionId);
  if (cardIndex === undefined) throw new RangeError(`unknown definitionId ${input.definitionId}`);
  const item = world.newItem(cardIndex, 0, 'listed');
  const trade = world.openListing({
    item,
    platform: input.platform,
    sellerId: 0,
    startingBid: input.startingBid ?? previousPrice(input.buyNowPrice),
    buyNowPrice: input.buyNowPrice,
    duration: input.durationSeconds ?? 3600,
    listedAt: world.now(),
  });
  if (input.withSimBuyers || input.rivalSnipe) schedule(trade, input.rivalSnipe ?? false);
  return trade;
}

/** Gives an account items of a card (tests, demos). */
export function grantItems(
  world: World,
  account: Account,
  definitionId: number,
  count: number,
  place: 'club' | 'unassigned' | 'trade',
  untradeable: boolean,
): number[] {
  const cardIndex = world.cardIndexByDefinition.get(definitionId);
  if (cardIndex === undefined) throw new RangeError(`unknown definitionId ${definitionId}`);
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const item = world.newItem(cardIndex, account.id, place, untradeable);
    if (place === 'club') account.club.add(item.id);
    else if (place === 'trade') account.tradepile.add(item.id);
    else account.unassigned.push(item.id);
    ids.push(item.id);
  }
  return ids;
}
