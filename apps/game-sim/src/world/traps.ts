import type { Platform } from './cards.js';
import type { Trade } from './types.js';
import type { World } from './world.js';

/**
 * Traps: strangers who list a cheap card at a typical coin-transfer price, hoping a transfer bot
 * buys theirs instead of the user's own listing. A mirror order waits for the next account
 * listing of that card at that Buy Now and puts stranger copies with the very same terms (starting
 * bid, Buy Now, duration) on the market in the same instant, ahead of it in the results: only a
 * buyer that matches the trade id tells them apart.
 */
export interface MirrorTrapOrder {
  readonly definitionId: number;
  readonly platform: Platform;
  readonly buyNowPrice: number;
  /** Stranger copies to open. */
  readonly count: number;
}

const ordersByWorld = new WeakMap<World, MirrorTrapOrder[]>();

/** Arms a mirror trap for the next account listing of the card at the Buy Now. */
export function armMirrorTrap(world: World, order: MirrorTrapOrder): void {
  const orders = ordersByWorld.get(world) ?? [];
  orders.push(order);
  ordersByWorld.set(world, orders);
}

/** Mirror orders still waiting for their listing. */
export function armedMirrorTraps(world: World): readonly MirrorTrapOrder[] {
  return ordersByWorld.get(world) ?? [];
}

/**
 * Called just before an account's listing opens: fires the first matching mirror order, opening
 * its stranger copies (simulated sellers, no simulated buyers) with the same terms.
 */
export function fireMirrorTraps(
  world: World,
  terms: {
    cardIndex: number;
    platform: Platform;
    startingBid: number;
    buyNowPrice: number;
    duration: number;
  },
): Trade[] {
  const orders = ordersByWorld.get(world);
  const card = world.card(terms.cardIndex);
  const index =
    orders?.findIndex(
      (order) =>
        order.definitionId === card.definitionId &&
        order.platform === terms.platform &&
        order.buyNowPrice === terms.buyNowPrice,
    ) ?? -1;
  if (!orders || index < 0) return [];
  const [order] = orders.splice(index, 1);
  return Array.from({ length: order?.count ?? 0 }, () =>
    world.openListing({
      item: world.newItem(terms.cardIndex, 0, 'listed'),
      platform: terms.platform,
      sellerId: 0,
      startingBid: terms.startingBid,
      buyNowPrice: terms.buyNowPrice,
      duration: terms.duration,
      listedAt: world.now(),
    }),
  );
}
