import { messages, transferPriceBelowMinimum } from '../messages.js';
import type { TransferPlayer } from '../schemas/filters/transfer.js';
import { isSameValue } from './equality.js';

/** The player's details the transfer filter checks against (a player record). */
export interface TransferPlayerLimits {
  name: string;
  rating: number;
  minPrice: number;
}

/** Saving with a Buy Now below the card's minimum names the player, rating and minimum. */
export function transferPriceMinimumError(
  player: Pick<TransferPlayer, 'value'>,
  limits: TransferPlayerLimits,
): string | null {
  return player.value < limits.minPrice
    ? transferPriceBelowMinimum(limits.name, limits.rating, limits.minPrice)
    : null;
}

/** Rarity chosen and player id, name and value present. */
function hasPlayer(player: TransferPlayer): boolean {
  return player.rarity !== 'any' && player.id > 0 && player.name.trim() !== '' && player.value > 0;
}

/** Save and Reset are disabled when rarity is any, id/name/value is missing, or nothing changed. */
export function canSaveTransferFilter(player: TransferPlayer, stored: TransferPlayer | undefined): boolean {
  return hasPlayer(player) && !isSameValue(player, stored);
}

/** Proceed also needs bid and buy-now prices when auto-list or auto buy-back is on. */
export function canProceedTransfer(player: TransferPlayer): boolean {
  if (!hasPlayer(player)) return false;
  if (!player.enableAutoList && !player.enableAutoBuyBack) return true;
  return player.bidPrice > 0 && player.buyNowPrice > 0;
}

/** Turning on auto-list turns off auto buy-back, and the reverse. */
export function setAutoList(player: TransferPlayer, isEnabled: boolean): TransferPlayer {
  return {
    ...player,
    enableAutoList: isEnabled,
    enableAutoBuyBack: isEnabled ? false : player.enableAutoBuyBack,
  };
}

/** Turning on auto buy-back turns off auto-list. */
export function setAutoBuyBack(player: TransferPlayer, isEnabled: boolean): TransferPlayer {
  return {
    ...player,
    enableAutoBuyBack: isEnabled,
    enableAutoList: isEnabled ? false : player.enableAutoList,
  };
}

/** Starting a transfer needs two different accounts. */
export function transferStartError(buyerId: string | undefined, sellerId: string | undefined): string | null {
  if (!buyerId || !sellerId) return messages.selectBothAccounts;
  if (buyerId === sellerId) return messages.sameBuyerAndSeller;
  return null;
}
