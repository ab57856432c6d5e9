import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { AuthService } from '../auth/service.js';
import {
  createDiscordIdentity,
  createSandboxIdentity,
  type CommunityIdentityProvider,
  type SandboxIdentity,
} from './discord.js';
import { communityRoutes } from './routes.js';

export interface CommunityOptions {
  /** Discord OAuth2 when set; otherwise the sandbox stand-in of that flow. */
  discord?: { clientId: string; clientSecret: string; fetch?: typeof fetch } | undefined;
  publicUrl?: string | undefined;
}

function pickIdentity(
  discord: CommunityOptions['discord'],
  gameMode: AppContext['gameMode'],
): {
  identity: CommunityIdentityProvider | undefined;
  sandbox?: SandboxIdentity;
} {
  if (discord) return { identity: createDiscordIdentity(discord) };
  // Live without Discord keys: no stand-in, or anyone could verify themselves.
  if (gameMode === 'live') return { identity: undefined };
  const sandbox = createSandboxIdentity();
  return { identity: sandbox, sandbox };
}

/** Registers /api/community (chat-community linking). */
export async function registerCommunity(
  app: FastifyInstance,
  deps: { ctx: AppContext; auth: AuthService },
  options: CommunityOptions = {},
) {
  const { identity, sandbox } = pickIdentity(options.discord, deps.ctx.gameMode);
  await app.register(communityRoutes, {
    prefix: '/api/community',
    ...deps,
    identity,
    sandbox,
    publicUrl: options.publicUrl,
  });
}
