import { rmSync, writeFileSync } from 'node:fs';
import type { Socket } from 'socket.io-client';

/**
 * Keeps `path` present while the agent is connected to a server and absent otherwise: the agent
 * serves no HTTP, so an orchestrator's readiness check reads this file (the agent Deployment's
 * `test -f`). A rolling update then stops an old agent only once its replacement is connected,
 * and the old agent's hand-backs find the new one's free slots (docs/operations.md).
 */
export function keepReadyFile(socket: Socket, path: string) {
  const remove = () => rmSync(path, { force: true });
  socket.on('connect', () => writeFileSync(path, `${new Date().toISOString()}\n`));
  socket.on('disconnect', remove);
  // A stale file from an earlier process of this container must not say ready before the connect.
  remove();
  return { remove };
}
