import { TEXT_LIMITS, type Screenshot, type TransferFilter } from '@tradedesk/domain';
import type { TransferAccountSnapshot, TransferCard, TransferPileItem } from '@tradedesk/domain/realtime';
import { definitionIdOf, type AuctionInfo, type ItemData } from '@tradedesk/game-client';
import { transferMessages } from './messages.js';
import type { GamePort } from '../ports.js';
import type { ScreenshotSide, TransferSide } from './ports.js';

/** Transfer-list capacity of an account (GAME-PROTOCOL §4.4; sold entries count until cleared). */
export const TRANSFER_LIST_CAPACITY = 100;
/** Unassigned items at which the game blocks Buy Now (the GET shows at most 50, §2.5). */
export const UNASSIGNED_LIMIT = 50;

/** The card version of an item; an item that names neither version field falls back to its base asset. */
export function definitionOf(item: ItemData): number {
  return definitionIdOf(item) ?? item.assetId ?? 0;
}

function pileItem(auction: AuctionInfo): TransferPileItem | undefined {
  const definitionId = definitionOf(auction.itemData);
  if (auction.itemData.id <= 0 || definitionId <= 0) return undefined;
  const listed = auction.tradeId > 0 && auction.tradeState !== 'inactive' && auction.tradeState != null;
  return {
    id: auction.itemData.id,
    definitionId,
    ...(listed
      ? {
          tradeId: auction.tradeId,
          tradeState: auction.tradeState as 'active' | 'closed' | 'expired',
          buyNowPrice: auction.buyNowPrice,
        }
      : { tradeState: 'unlisted' as const }),
  };
}

/** What a sync reads of one account, plus the raw entries the flow acts on. */
export interface AccountRead {
  readonly snapshot: TransferAccountSnapshot;
  readonly tradepile: readonly AuctionInfo[];
  readonly unassigned: readonly ItemData[];
}

/** Reads coins, transfer list, unassigned pile and (for the seller) the filter's card. */
export async function readAccount(
  side: TransferSide,
  filter: TransferFilter,
  options: { findCard: boolean; screenshot?: string | null },
): Promise<AccountRead> {
  const { game } = side;
  const credits = await game.credits();
  const pile = await game.transferList();
  const unassigned = await game.unassigned();
  const card = options.findCard ? await findCard(game, filter, pile.auctions, unassigned.items) : null;
  return {
    tradepile: pile.auctions,
    unassigned: unassigned.items,
    snapshot: {
      accountId: side.accountId,
      username: (side.username?.() ?? side.accountId).slice(0, TEXT_LIMITS.name),
      coins: credits.coins,
      tradepile: pile.auctions.flatMap((auction) => pileItem(auction) ?? []),
      unassigned: unassigned.items.flatMap((item) => {
        const definitionId = definitionOf(item);
        return item.id > 0 && definitionId > 0 ? [{ id: item.id, definitionId }] : [];
      }),
      card,
      screenshot: options.screenshot ?? null,
    },
  };
}

/**
 * The seller's copy of the filter's card, best first: a live listing at exactly the transfer
 * price (an earlier run's, resumed rather than listed twice), then an unlisted or expired entry
 * of the transfer list, the unassigned pile, the club. Untradeable copies never count.
 */
async function findCard(
  game: GamePort,
  filter: TransferFilter,
  tradepile: readonly AuctionInfo[],
  unassigned: readonly ItemData[],
): Promise<TransferCard | null> {
  const { player } = filter;
  const isCard = (item: ItemData) => definitionOf(item) === player.id && item.untradeable !== true;
  const card = (itemId: number, pile: TransferCard['pile']): TransferCard => ({
    itemId,
    definitionId: player.id,
    name: player.name.slice(0, TEXT_LIMITS.name),
    rarity: player.rarity,
    quality: player.quality,
    value: player.value,
    pile,
  });
  const live = tradepile.find(
    (entry) => isCard(entry.itemData) && entry.tradeState === 'active' && entry.buyNowPrice === player.value,
  );
  if (live) return card(live.itemData.id, 'tradepile');
  const idle = tradepile.find(
    (entry) => isCard(entry.itemData) && entry.tradeState !== 'active' && entry.tradeState !== 'closed',
  );
  if (idle) return card(idle.itemData.id, 'tradepile');
  const fresh = unassigned.find(isCard);
  if (fresh) return card(fresh.id, 'unassigned');
  const inClub = (await game.clubItems(player.id)).find(isCard);
  return inClub ? card(inClub.id, 'club') : null;
}

export interface SyncInput {
  readonly buyer: TransferSide;
  readonly seller: TransferSide;
  readonly filter: TransferFilter;
  /** The configuration's Screenshots: which balances to capture. */
  readonly screenshots: Screenshot;
  /** Captures one side's coin balance (PNG base64); absent or failing: none. */
  readonly screenshot?: (side: ScreenshotSide) => Promise<string | null>;
}

/** Reads both accounts (the seller's with the card), screenshots as the configuration asks. */
export async function syncAccounts(input: SyncInput): Promise<{ buyer: AccountRead; seller: AccountRead }> {
  const shot = async (side: ScreenshotSide) =>
    input.screenshot !== undefined && (input.screenshots === side || input.screenshots === 'both')
      ? input.screenshot(side).catch(() => null)
      : null;
  const buyer = await readAccount(input.buyer, input.filter, {
    findCard: false,
    screenshot: await shot('buyer'),
  });
  const seller = await readAccount(input.seller, input.filter, {
    findCard: true,
    screenshot: await shot('seller'),
  });
  return { buyer, seller };
}

/** Why a transfer cannot start with these two accounts, or null when it can. */
export function syncRefusal(buyer: AccountRead, seller: AccountRead, filter: TransferFilter): string | null {
  const { player } = filter;
  const card = seller.snapshot.card;
  if (card === null) return transferMessages.sellerLacksCard(player.name);
  if (buyer.snapshot.coins < player.value)
    return transferMessages.buyerLacksCoins(buyer.snapshot.coins, player.value);
  if (card.pile !== 'tradepile' && seller.tradepile.length >= TRANSFER_LIST_CAPACITY)
    return transferMessages.sellerPileFull;
  if (buyer.unassigned.length >= UNASSIGNED_LIMIT) return transferMessages.buyerUnassignedFull;
  return null;
}
