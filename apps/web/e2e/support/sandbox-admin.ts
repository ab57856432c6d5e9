import { expect } from './fixtures';
import type { RunningServer, SandboxGame } from './server';

/** The server's sandbox game; only a server started with `test.use({ withSandboxAdmin: true })` has one. */
export function sandboxOf(server: RunningServer): SandboxGame {
  if (!server.sandbox) throw new Error('This server was started without the sandbox admin API');
  return server.sandbox;
}

/**
 * Plants a listing in the server's embedded sandbox game through its admin API (docs/sandbox.md),
 * as a user rehearsing a filter would make a snipe appear. Simulated buyers and rival snipers
 * leave it alone, so it waits for the snipe.
 */
export async function plantListing(
  server: RunningServer,
  listing: { definitionId: number; platform: 'pc' | 'ps'; buyNowPrice: number },
): Promise<{ tradeIds: number[] }> {
  return simAdmin(server, 'POST', '/listings', { ...listing, durationSeconds: 3600 });
}

/**
 * One call of the sandbox game's admin API (`/admin<path>`, docs/sandbox.md): game accounts, their
 * items, listings. Anything but a 2xx answer fails the test with the game's answer.
 */
export async function simAdmin<T>(
  server: RunningServer,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<T> {
  const sandbox = sandboxOf(server);
  const response = await fetch(`${sandbox.url}/admin${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-sim-admin-key': sandbox.adminKey },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`sandbox admin ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * The first card of a rarity priced between `minPrice` and `maxPrice` on PC, read from the price
 * database once the feeds have filled it (a fresh server has no prices for a few seconds).
 */
export async function cardPricedBetween(
  server: RunningServer,
  range: { rarity: string; minPrice: number; maxPrice: number },
): Promise<{ id: number; name: string }> {
  const query = new URLSearchParams({
    rarity: range.rarity,
    platform: 'pc',
    minPrice: String(range.minPrice),
    maxPrice: String(range.maxPrice),
  });
  let card: { id: number; name: string } | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${server.baseURL}/api/player-data/players?${query}`);
        const body = (await response.json()) as { data?: { players: Array<{ id: number; name: string }> } };
        card = body.data?.players[0];
        return card !== undefined;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  return card as { id: number; name: string };
}
