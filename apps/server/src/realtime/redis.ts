import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { Server } from 'socket.io';

/** The socket hubs by path, each with its own Redis channels. */
export type HubsByPath = Record<string, Server>;

/**
 * With REDIS_URL the hubs use the Redis adapter, so rooms (a user's web sockets, an agent) span
 * every server node. Each hub gets its own channels (`{prefix}{path}`): on shared ones every hub
 * would answer every other's cluster requests, and `fetchSockets` on the agent hub would list web
 * sockets too. Returns a closer for the Redis connections.
 */
export function useRedisAdapter(hubs: HubsByPath, redisUrl: string, prefix: string): () => Promise<void> {
  const clients: Redis[] = [];
  for (const [path, server] of Object.entries(hubs)) {
    const pub = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
    const sub = pub.duplicate();
    clients.push(pub, sub);
    server.adapter(createAdapter(pub, sub, { key: `${prefix}${path}` }));
  }
  return async () => {
    await Promise.allSettled(clients.map((client) => client.quit()));
  };
}
