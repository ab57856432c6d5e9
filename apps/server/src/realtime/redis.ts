import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { Server } from 'socket.io';

/**
 * With REDIS_URL the hubs use the Redis adapter, so rooms (a user's web sockets, an agent) span
 * every server node. Returns a closer for the Redis connections.
 */
export function useRedisAdapter(servers: Server[], redisUrl: string): () => Promise<void> {
  const clients: Redis[] = [];
  for (const server of servers) {
    const pub = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
    const sub = pub.duplicate();
    clients.push(pub, sub);
    server.adapter(createAdapter(pub, sub));
  }
  return async () => {
    await Promise.allSettled(clients.map((client) => client.quit()));
  };
}
