import type { AppContext } from '../../lib/app-context.js';
import type { SessionRow, UserRow } from './repo.js';

/** How long a verified session is trusted without asking the database again. */
export const sessionCacheTtlMs = 2_000;
/** Entries kept at most (oldest dropped first): memory stays bounded under any load. */
const maxEntries = 10_000;

interface Entry {
  session: SessionRow;
  user: UserRow;
  cachedAtMs: number;
}

/**
 * Sessions verified in the last `sessionCacheTtlMs`, by token hash. A signed-in read then costs
 * what an anonymous one does; sign-in, sign-out, a fingerprint change and every write of the user
 * drop the user's entries at once on this node, and other nodes follow within the TTL.
 */
export function createSessionCache(now: () => number = Date.now) {
  const byHash = new Map<string, Entry>();
  // The cached hashes of each user, so forgetting one user (on every write) scans nothing else.
  const hashesByUser = new Map<string, Set<string>>();
  // Bumped by every forget: a lookup that started before a forget must not cache what it read.
  let generation = 0;
  const drop = (tokenHash: string) => {
    const entry = byHash.get(tokenHash);
    if (!entry) return;
    byHash.delete(tokenHash);
    const hashes = hashesByUser.get(entry.user.id);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) hashesByUser.delete(entry.user.id);
  };
  return {
    /** Pass to `set` the value read before the database lookup began. */
    generation: () => generation,
    get(tokenHash: string): { session: SessionRow; user: UserRow } | undefined {
      const entry = byHash.get(tokenHash);
      if (!entry) return undefined;
      const at = now();
      if (at - entry.cachedAtMs > sessionCacheTtlMs || entry.session.expiresAt.getTime() <= at) {
        drop(tokenHash);
        return undefined;
      }
      return entry;
    },
    set(tokenHash: string, session: SessionRow, user: UserRow, readAtGeneration: number) {
      if (readAtGeneration !== generation) return;
      drop(tokenHash);
      if (byHash.size >= maxEntries) drop(byHash.keys().next().value!);
      byHash.set(tokenHash, { session, user, cachedAtMs: now() });
      const hashes = hashesByUser.get(user.id) ?? new Set<string>();
      hashes.add(tokenHash);
      hashesByUser.set(user.id, hashes);
    },
    /** Drops every cached session of the user (their row or sessions changed). */
    forgetUser(userId: string) {
      generation += 1;
      for (const hash of [...(hashesByUser.get(userId) ?? [])]) drop(hash);
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;

// One cache per app context, shared by the HTTP routes and the socket hubs of this node.
const caches = new WeakMap<AppContext, SessionCache>();
export function sessionCacheOf(ctx: AppContext): SessionCache {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = createSessionCache();
    caches.set(ctx, cache);
  }
  return cache;
}
