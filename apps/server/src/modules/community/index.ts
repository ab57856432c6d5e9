import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { AuthService } from '../auth/service.js';
import { createDiscordIdentity, createSandboxIdentity, type SandboxIdentity } from './discord.js';
import { communityRoutes } from './routes.js';

export interface CommunityOptions {
  /** Discord OAuth2 when set; otherwise the sandbox stand-in of that flow. */
  discord?: { clientId: string; clientSecret: string; fetch?: typeof fetch } | undefined;
  publicUrl?: string | undefined;
}

/** Registers /api/community (chat-community linking). */
export async function registerCommunity(
  app: FastifyInstance,
  deps: { ctx: AppContext; auth: AuthService },
  options: CommunityOptions = {},
) {
  const { discord } = options;
  const sandbox = discord ? undefined : createSandboxIdentity();
  await app.register(communityRoutes, {
    prefix: '/api/community',
    ...deps,
    identity: discord ? createDiscordIdentity(discord) : (sandbox as SandboxIdentity),
    sandbox,
    publicUrl: options.publicUrl,
  });
}
