import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { GameError, gameErrors } from '../core/errors.js';
import type { Platform } from '../world/cards.js';
import type { Account } from '../world/types.js';
import { badgeIdOf } from './content-routes.js';
import type { SimContext } from './context.js';

// The game reads scalars leniently (a JSON string holding a number or a boolean is taken as one),
// and clients written against it send `"isReadOnly": "false"` or `"clientVersion": "1"`.
const wireNumber = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+$/)
    .transform(Number),
]);
const wireBoolean = z.union([z.boolean(), z.enum(['true', 'false']).transform((text) => text === 'true')]);

const utAuthSchema = z.object({
  clientVersion: wireNumber.optional(),
  gameSku: z.string().regex(/^[A-Z0-9]{6,12}$/, 'gameSku must look like FFA26PS5'),
  identification: z.object({
    authCode: z.string().min(1),
    redirectUrl: z.string().optional(),
    tid: z.string().optional(),
  }),
  isReadOnly: wireBoolean.optional(),
  locale: z.string().optional(),
  method: z.literal('authcode'),
  nucleusPersonaId: z.union([z.number(), z.string()]),
  priorityLevel: wireNumber.optional(),
  sku: z.string().optional(),
  ds: z.string().optional(),
});

/** PC SKUs end in PCC; every other SKU (PS4/PS5/XBO/XSX/SWI) trades on the console market. */
export function platformOfSku(gameSku: string): Platform {
  return gameSku.endsWith('PCC') ? 'pc' : 'ps';
}

function skuFor(account: Account, year: string): string {
  return account.platform === 'pc' ? `FFA${year}PCC` : `FFA${year}PS5`;
}

/** The session endpoints of the game host: account info (personas), `/ut/auth` and logout. */
export function registerUtRoutes(app: FastifyInstance, context: SimContext): void {
  const { world, sessions } = context;
  const year = world.options.protocol.gameSegment.replace(/\D/g, '').slice(-2) || '26';

  app.get(`${context.gamePrefix}/v2/user/accountinfo`, async (request, reply) => {
    const code = request.headers['nucleus-access-code'];
    const accountId = typeof code === 'string' ? sessions.redeemAuthCode(code, world.now()) : undefined;
    const account = accountId === undefined ? undefined : world.accounts.get(accountId);
    if (!account) throw gameErrors.expiredSession();
    const nucleusHeader = request.headers['easw-session-data-nucleus-id'];
    if (nucleusHeader !== undefined && String(nucleusHeader) !== String(account.id)) {
      throw new GameError(403, 'Forbidden', 'nucleus id does not match the access code');
    }
    const platforms: Platform[] = account.platform ? [account.platform] : ['ps', 'pc'];
    return reply.send({
      userAccountInfo: {
        personas: [
          {
            personaId: account.personaId,
            personaName: account.personaName,
            returningUser: 0,
            onlineAccess: true,
            trial: false,
            userState: null,
            trialFree: false,
            userClubList: platforms.map((platform) => ({
              year: `20${year}`,
              assetId: 1,
              teamId: 1,
              lastAccessTime: Math.floor(world.now() / 1000),
              platform: platform === 'pc' ? 'pc' : 'ps5',
              clubName: account.clubName,
              clubAbbr: account.clubAbbr,
              established: Math.floor(account.createdAt / 1000),
              divisionOnline: 1,
              badgeId: badgeIdOf(account),
              skuAccessList: { [skuFor({ ...account, platform }, year)]: 'ACTIVE' },
            })),
          },
        ],
      },
    });
  });

  app.post('/ut/auth', async (request, reply) => {
    const parsed = utAuthSchema.safeParse(request.body);
    if (!parsed.success)
      throw gameErrors.badRequest(parsed.error.issues.map((issue) => issue.message).join(', '));
    const body = parsed.data;
    const now = world.catchUp();
    const accountId = sessions.redeemAuthCode(body.identification.authCode, now);
    const account = accountId === undefined ? undefined : world.accounts.get(accountId);
    if (!account) throw new GameError(401, 'invalid auth code');
    if (String(body.nucleusPersonaId) !== String(account.personaId))
      throw new GameError(403, 'doLogin failed', 'persona does not belong to this account');
    const platform = platformOfSku(body.gameSku);
    if (account.platform === undefined) account.platform = platform;
    if (account.platform !== platform) throw gameErrors.noClub();
    const session = sessions.openUtSession(account.id, platform, now);
    const iso = new Date(now).toISOString();
    return reply.header('X-UT-SID', session.sid).send({
      protocol: 'http',
      ipPort: context.origin().replace(/^https?:\/\//, ''),
      serverTime: iso,
      lastOnlineTime: iso,
      sid: session.sid,
      phishingToken: '0',
    });
  });

  app.delete('/ut/auth', async (request, reply) => {
    const sid = request.headers['x-ut-sid'];
    if (typeof sid === 'string') sessions.closeUtSession(sid);
    return reply.code(200).send({});
  });
}
