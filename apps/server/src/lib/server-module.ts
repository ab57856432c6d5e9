import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/** The names of the server's modules, so a dependency cannot be misspelt. */
export type ServerModuleName =
  | 'app-context'
  | 'account'
  | 'admin'
  | 'app'
  | 'auth'
  | 'coin-market'
  | 'community'
  | 'configuration'
  | 'filter'
  | 'live-events'
  | 'notification'
  | 'observability'
  | 'payment'
  | 'player-data'
  | 'realtime'
  | 'referral'
  | 'rehearsal'
  | 'sandbox'
  | 'sbc'
  | 'sound'
  | 'statistic'
  | 'transfer'
  | 'user'
  | 'user-presenter'
  | 'webhook';

/**
 * A server module as a Fastify plugin that says what it needs (docs/decisions/server-modules.md).
 * Fastify refuses to register it before the modules named in `dependencies`, so the order in
 * app.ts is checked rather than remembered. What the module decorates (its services) is visible
 * to the modules after it; its routes are registered inside it, under their own prefix.
 */
export function serverModule<Options extends object = Record<never, never>>(
  name: ServerModuleName,
  dependencies: readonly ServerModuleName[],
  plugin: (app: FastifyInstance, options: Options) => Promise<void>,
): FastifyPluginAsync<Options> {
  return fp(plugin as FastifyPluginAsync<Options>, {
    name,
    dependencies: [...dependencies],
    fastify: '5.x',
  });
}
