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
  const sandbox = sandboxOf(server);
  const response = await fetch(`${sandbox.url}/admin/listings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-sim-admin-key': sandbox.adminKey },
    body: JSON.stringify({ ...listing, durationSeconds: 3600 }),
  });
  if (response.status !== 201)
    throw new Error(`Planting a listing failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { tradeIds: number[] };
}
