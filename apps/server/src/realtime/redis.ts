import { createHash } from 'node:crypto';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { Server } from 'socket.io';

/**
 * The Redis channel prefix of a deployment: its nodes share SECRET_KEY (they must, to read each
 * other's sessions and stored passwords), so it names the deployment without any setting. Two
 * deployments on one Redis (staging beside production, parallel test servers) then never see each
 * other's agents: on one shared prefix a node could start a run on another deployment's agent,
 * whose beats reach the other database, and the run was ended as lost two minutes later. A hash
 * with its own label, so the channel names say nothing about the key.
 */
export function redisChannelPrefixFor(secretKey: string): string {
  const digest = createHash('sha256').update(`tradedesk redis channels\0${secretKey}`).digest('hex');
  return `tradedesk:${digest.slice(0, 16)}`;
}

/** The socket hubs by path, each with its own Redis channels. */
export type HubsByPath = Record<string, Server>;

/** Told when Redis fails and when it works again (once per change, not per command). */
export interface RedisHealth {
  down(error: unknown): void;
  up(): void;
}

/**
 * The adapter publishes without handling the answer: while Redis is down (a restart, an outage)
 * every failed publish would be an unhandled rejection, which ends a Node process. Here a failed
 * publish counts as heard by nobody: events for other nodes are lost during the outage (Redis
 * pub/sub keeps nothing either); pages catch up when they join again, and agents re-send every
 * event until it is stored.
 */
function publishNeverRejects(client: Redis, health: RedisHealth) {
  const publish = client.publish.bind(client) as (channel: string, message: string) => Promise<number>;
  (client as unknown as { publish: typeof publish }).publish = (channel, message) =>
    publish(channel, message).catch((error: unknown) => {
      health.down(error);
      return 0;
    });
}

/** How long a starting node waits for its Redis subscriptions (Redis away at the start: it goes on). */
const redisSubscribeLimitMs = 10_000;

/**
 * With REDIS_URL the hubs use the Redis adapter, so rooms (a user's web sockets, an agent) span
 * every server node. Each hub gets its own channels (`{prefix}{path}`): on shared ones every hub
 * would answer every other's cluster requests, and `fetchSockets` on the agent hub would list web
 * sockets too. Resolves, with a closer for the Redis connections, once every hub's subscriptions
 * are active (at most `redisSubscribeLimitMs`): another node asks only as many nodes as are
 * subscribed, so an agent taken by a node not yet subscribed was missed by the others' picks ("No
 * snipe agent is available" while one was connected; seen in the cluster test on a loaded machine).
 */
export async function useRedisAdapter(
  hubs: HubsByPath,
  redisUrl: string,
  prefix: string,
  health: RedisHealth,
): Promise<() => Promise<void>> {
  /** Each hub's publishing and subscribing connections. */
  const connections: { pub: Redis; sub: Redis }[] = [];
  for (const [path, server] of Object.entries(hubs)) {
    // Reconnects forever; a command waits through a short outage (3 retries), then fails.
    const pub = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
    const sub = pub.duplicate();
    for (const client of [pub, sub]) {
      client.on('error', (error: unknown) => health.down(error));
      client.on('ready', () => health.up());
    }
    publishNeverRejects(pub, health);
    connections.push({ pub, sub });
    server.adapter(createAdapter(pub, sub, { key: `${prefix}${path}` }));
  }
  // The adapter subscribes as it is made; Redis answers a connection's commands in order, so a
  // PING sent after them is answered once they hold.
  let limit: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(connections.map(({ sub }) => sub.ping())).catch(() => undefined),
    new Promise((resolve) => (limit = setTimeout(resolve, redisSubscribeLimitMs))),
  ]);
  clearTimeout(limit);
  return async () => {
    await Promise.allSettled(connections.flatMap(({ pub, sub }) => [pub.quit(), sub.quit()]));
  };
}
