import {
  euroToCents,
  errorMessages,
  marketMessages,
  maxDeliverableCoins,
  MIN_ORDER_COINS,
  platformOf,
  sellableCoins,
  type CreateListing,
  type DeliverySource,
} from '@tradedesk/domain';
import type { AppContext } from '../../lib/app-context.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { accountRepo, type AccountRow } from '../account/repo.js';
import type { UserRow } from '../auth/repo.js';
import { marketRepo, type ListingAccount, type ListingRow, type MarketOrderRow } from './repo.js';

/** Coins still reserved on an account by the live orders' unfinished transfers. */
function reservedByAccount(orders: readonly MarketOrderRow[]) {
  const reserved = new Map<string, number>();
  for (const order of orders)
    for (const leg of order.legs)
      if (leg.status === 'planned' || leg.status === 'running')
        reserved.set(leg.accountId, (reserved.get(leg.accountId) ?? 0) + leg.price);
  return reserved;
}

export const sourcesOf = (
  rows: ReadonlyArray<{ accountId: string; promisedCoins: number }>,
): DeliverySource[] => rows.map((row) => ({ accountId: row.accountId, coins: row.promisedCoins }));

/** The sellers' listings: listing accounts, showing listings, and closing those that cannot keep their promise. */
export function createListings(ctx: AppContext) {
  const { db } = ctx;

  /**
   * Closes those of `listings` that are open and cannot keep their promise: sold out, or an
   * account whose synced balance fell below its minimum plus the coins it still promises and has
   * reserved. `rows` are their accounts, as the caller just read them. Returns the closed ones'
   * reasons by id.
   */
  async function closeBroken(listings: readonly ListingRow[], rows: readonly ListingAccount[]) {
    const open = listings.filter((listing) => listing.isOpen);
    const closed = new Map<string, string>();
    if (open.length === 0) return closed;
    const reserved = reservedByAccount(
      await marketRepo.liveOrdersOfListings(
        db,
        open.map((listing) => listing.id),
      ),
    );
    const now = ctx.now();
    for (const listing of open) {
      const mine = rows.filter((row) => row.listingId === listing.id && row.isOpen);
      const broken = mine.some(
        (row) =>
          row.balance < listing.minimumBalance + row.promisedCoins + (reserved.get(row.accountId) ?? 0),
      );
      const soldOut = maxDeliverableCoins(sourcesOf(mine)) < MIN_ORDER_COINS;
      if (broken || soldOut) {
        const reason = broken ? marketMessages.balanceFell : marketMessages.soldOut;
        await marketRepo.closeListing(db, listing.id, reason, now);
        closed.set(listing.id, reason);
      }
    }
    return closed;
  }

  /** Rechecks the open listings that hold any of these accounts (their balances were just synced). */
  async function recheckListingsOf(accountIds: readonly string[]) {
    const listings = await marketRepo.openListingsOfAccounts(db, accountIds);
    const rows = await marketRepo.accountsOf(
      db,
      listings.map((listing) => listing.id),
    );
    return closeBroken(listings, rows);
  }

  /** Listings as the spec's CoinListing; account ids only on the caller's own. */
  /** One listing as its page shows it, from its accounts' rows. */
  function presentListing(listing: ListingRow, callerId: string, rows: readonly ListingAccount[]) {
    const mine = rows.filter((row) => row.listingId === listing.id && (row.isOpen || !listing.isOpen));
    const coins = listing.isOpen ? maxDeliverableCoins(sourcesOf(mine)) : 0;
    const isOwn = listing.userId === callerId;
    return {
      id: listing.id,
      platform: listing.platform,
      coins,
      averageCoinsPerAccount: mine.length === 0 ? 0 : Math.floor(coins / mine.length),
      price: listing.priceCents / 100,
      createdAt: listing.createdAt.toISOString(),
      accountIds: isOwn ? mine.map((row) => row.accountId) : [],
      isOwn,
      isOpen: listing.isOpen,
      closedReason: listing.closedReason,
    };
  }

  async function present(
    listings: readonly ListingRow[],
    callerId: string,
    accountRows?: readonly ListingAccount[],
  ) {
    const rows =
      accountRows ??
      (await marketRepo.accountsOf(
        db,
        listings.map((listing) => listing.id),
      ));
    return listings.map((listing) => presentListing(listing, callerId, rows));
  }

  /**
   * A read of listings: the ones it shows are rechecked once, from the same account rows they are
   * then presented with (balances change outside the marketplace too, so a read is where a broken
   * promise is sure to be seen).
   */
  async function presentRechecked(listings: readonly ListingRow[], callerId: string) {
    const rows = await marketRepo.accountsOf(
      db,
      listings.map((listing) => listing.id),
    );
    const closed = await closeBroken(listings, rows);
    const current = listings.map((listing) => {
      const reason = closed.get(listing.id);
      return reason === undefined ? listing : { ...listing, isOpen: false, closedReason: reason };
    });
    return present(current, callerId, rows);
  }

  return {
    closeBroken,
    recheckListingsOf,
    present,

    async openListings(user: UserRow) {
      const shown = await presentRechecked(await marketRepo.openListings(db), user.id);
      return shown.filter((listing) => listing.isOpen);
    },

    async listingsOf(user: UserRow) {
      return presentRechecked(await marketRepo.listingsOf(db, user.id), user.id);
    },

    async createListing(user: UserRow, input: CreateListing) {
      const accountIds = [...new Set(input.accountIds)];
      const owned: AccountRow[] = [];
      for (const id of accountIds) {
        const account = await accountRepo.findOwned(db, user.id, id);
        if (!account) throw notFound(errorMessages.accountNotFound, 'account_not_found');
        owned.push(account);
      }
      if (owned.some((account) => platformOf(account) !== input.platform))
        throw badRequest(marketMessages.accountsSamePlatform, 'listing_platform');
      if ((await marketRepo.listedAccountIds(db, accountIds)).length > 0)
        throw badRequest(marketMessages.accountAlreadyListed, 'account_listed');
      const promised = owned.map((account) => sellableCoins(account.coins, input.minimumBalance));
      const sources = owned.map((account, index) => ({ accountId: account.id, coins: promised[index] ?? 0 }));
      if (maxDeliverableCoins(sources) < MIN_ORDER_COINS)
        throw badRequest(marketMessages.nothingToSell, 'listing_empty');
      const now = ctx.now();
      const listing = await marketRepo
        .insertListing(
          db,
          {
            userId: user.id,
            platform: input.platform,
            priceCents: euroToCents(input.price),
            minimumBalance: input.minimumBalance,
            createdAt: now,
          },
          owned.map((account, position) => ({
            accountId: account.id,
            promisedCoins: promised[position] ?? 0,
            position,
          })),
        )
        .catch((error: unknown) => {
          // Two requests listing one account at once: the open-account index let one win.
          if (isUniqueViolation(error))
            throw badRequest(marketMessages.accountAlreadyListed, 'account_listed');
          throw error;
        });
      return presentListing(listing, user.id, await marketRepo.accountsOf(db, [listing.id]));
    },
  };
}

export type Listings = ReturnType<typeof createListings>;
