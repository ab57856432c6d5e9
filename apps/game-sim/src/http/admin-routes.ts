import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { forcedError } from '../core/errors.js';
import { sbcOf } from '../sbc/sbc-service.js';
import { accountSummary, grantItems, injectListing } from '../world/admin.js';
import { scheduleSimBuyers } from '../world/population.js';
import { armedMirrorTraps, armMirrorTrap } from '../world/traps.js';
import type { Account } from '../world/types.js';
import type { SimContext } from './context.js';

const platform = z.enum(['pc', 'ps']);
const createSchema = z.object({
  email: z.string().email(),
  password: z.string().min(1),
  backupCode: z.string().regex(/^[A-Za-z0-9]{8}$/, 'Backup code must be 8 characters long'),
  platform,
  coins: z.number().int().nonnegative().optional(),
  marketLocked: z.boolean().optional(),
});
const coinsSchema = z.object({ coins: z.number().int().nonnegative().max(2_000_000_000) });
const flagsSchema = z.object({ marketLocked: z.boolean() });
const softBanSchema = z.object({
  minutes: z.number().positive().optional(),
  code: z.union([z.literal(512), z.literal(521)]).default(512),
});
const forcedErrorsSchema = z.object({
  code: z.number().int().min(400).max(599),
  count: z.number().int().min(0).max(10_000).default(1),
  reason: z.string().min(1).max(200).optional(),
});
const itemsSchema = z.object({
  definitionId: z.number().int().positive(),
  count: z.number().int().min(1).max(500).default(1),
  place: z.enum(['club', 'unassigned', 'trade']).default('unassigned'),
  untradeable: z.boolean().default(false),
});
const listingSchema = z.object({
  definitionId: z.number().int().positive(),
  platform,
  buyNowPrice: z.number().int().min(150),
  startingBid: z.number().int().min(150).optional(),
  durationSeconds: z.number().int().positive().optional(),
  withSimBuyers: z.boolean().optional(),
  rivalSnipe: z.boolean().optional(),
  count: z.number().int().min(1).max(100_000).default(1),
});
const trapSchema = z.object({
  definitionId: z.number().int().positive(),
  platform,
  buyNowPrice: z.number().int().min(200).max(15_000_000),
  /** `plant`: stranger listings now (starting bid given or one step below); `mirror`: copies of the next account listing. */
  mode: z.enum(['plant', 'mirror']).default('plant'),
  startingBid: z.number().int().min(150).optional(),
  count: z.number().int().min(1).max(100).default(1),
});
const advanceSchema = z.object({
  ms: z
    .number()
    .nonnegative()
    .max(365 * 86_400_000),
});
const idParam = z.object({ id: z.coerce.number().int().positive() });

function keysMatch(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The admin API behind `x-sim-admin-key`: accounts, coins, listings, time, captcha, bans, ledger. */
export function registerAdminRoutes(app: FastifyInstance, context: SimContext): void {
  const { world, sessions } = context;

  const guard = (request: FastifyRequest, reply: FastifyReply): boolean => {
    if (context.adminKey && keysMatch(context.adminKey, request.headers['x-sim-admin-key'])) return true;
    void reply.code(403).send({ message: 'A valid x-sim-admin-key header is required' });
    return false;
  };
  const bad = (reply: FastifyReply, error: z.ZodError) =>
    reply
      .code(400)
      .send({ message: error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join(', ') });
  const withAccount = (request: FastifyRequest, reply: FastifyReply): Account | undefined => {
    const parsed = idParam.safeParse(request.params);
    const account = parsed.success ? world.accounts.get(parsed.data.id) : undefined;
    if (!account) void reply.code(404).send({ message: 'Account not found' });
    return account;
  };

  app.register(
    async (admin) => {
      admin.addHook('preHandler', async (request, reply) => {
        if (!guard(request, reply)) return reply;
        world.catchUp();
        return undefined;
      });

      admin.get('/world', async () => ({
        now: world.now(),
        day: world.values.dayOf(world.now()),
        activeListings: { pc: world.index.activeCount('pc'), ps: world.index.activeCount('ps') },
        accounts: world.accounts.size,
        cards: world.cards.length,
        sinks: world.ledger.sinks,
      }));

      admin.post('/accounts', async (request, reply) => {
        const parsed = createSchema.safeParse(request.body);
        if (!parsed.success) return bad(reply, parsed.error);
        if (world.accountByEmail(parsed.data.email))
          return reply.code(409).send({ message: 'An account with this e-mail already exists' });
        return reply.code(201).send(accountSummary(world, world.createAccount(parsed.data)));
      });

      admin.get('/accounts', async () =>
        [...world.accounts.values()].map((account) => accountSummary(world, account)),
      );

      admin.get('/accounts/:id', async (request, reply) => {
        const account = withAccount(request, reply);
        return account ? accountSummary(world, account) : reply;
      });

      /** The account's SBC progress: each challenge it started or completed. */
      admin.get('/accounts/:id/sbc', async (request, reply) => {
        const account = withAccount(request, reply);
        if (!account) return reply;
        const sbc = sbcOf(world);
        return sbc.sets.flatMap((set) =>
          set.challenges.map((challenge) => {
            const progress = sbc.progressOf(account, challenge.challengeId);
            return {
              challengeId: challenge.challengeId,
              status: progress.status,
              timesCompleted: progress.timesCompleted,
            };
          }),
        );
      });

      admin.put('/accounts/:id/coins', async (request, reply) => {
        const account = withAccount(request, reply);
        if (!account) return reply;
        const parsed = coinsSchema.safeParse(request.body);
        if (!parsed.success) return bad(reply, parsed.error);
        world.setCoins(account, parsed.data.coins);
        return accountSummary(world, account);
      });

      admin.put('/accounts/:id/market-lock', async (request, reply) => {
        const account = withAccount(request, reply);
        if (!account) return reply;
        const parsed = flagsSchema.safeParse(request.body);
        if (!parsed.success) return bad(reply, parsed.error);
        account.marketLocked = parsed.data.marketLocked;
        return accountSummary(world, account);
      });

      admin.post('/accounts/:id/captcha', async (request, reply) => {
        const account = withAccount(request, reply);
        if (!account) return reply;
        account.captchaPending = true;
        return accountSummary(world, account);
      });

      admin.delete('/accounts/:id/captcha', async (request, reply) => {
        const account = withAccount(request, reply);
        if (!account) return reply;
        world.abuse.solveCaptcha(account);
        return accountSummary(world, account);
      });

      admin.post('/accounts/:id/soft-ban', async (request, reply) => {
        const account = withAccount(request, reply);
        if (!account) return reply;
        const parsed = softBanSchema.safeParse(request.body ?? {});
        if (!parsed.success) return bad(reply, parsed.error);
        world.abuse.ban(account, world.now(), parsed.data.code, parsed.data.minutes);
        return accountSummary(world, account);
      });

      admin.delete('/accounts/:id/soft-ban', async (request, reply) => {
        const account = withAccount(request, reply);
        if (!account) return reply;
        account.softBan = undefined;
        return accountSummary(world, account);
      });

      admin.post('/accounts/:id/forced-errors', async (request, reply) => {
        const account = withAccount(request, reply);
        if (!account) return reply;
        const parsed = forcedErrorsSchema.safeParse(request.body);
        if (!parsed.success) return bad(reply, parsed.error);
        const { code, count, reason } = parsed.data;
        world.abuse.forceErrors(account, forcedError(code, reason), count);
        return accountSummary(world, account);
      });

      admin.post('/accounts/:id/kick', async (request, reply) => {
        const account = withAccount(request, reply);
        if (!account) return reply;
        sessions.kickAccount(account.id);
        return accountSummary(world, account);
      });

      admin.post('/accounts/:id/items', async (request, reply) => {
        const account = withAccount(request, reply);
        if (!account) return reply;
        const parsed = itemsSchema.safeParse(request.body);
        if (!parsed.success) return bad(reply, parsed.error);
        const { definitionId, count, place, untradeable } = parsed.data;
        if (!world.cardIndexByDefinition.has(definitionId))
          return reply.code(404).send({ message: 'Unknown definitionId' });
        return reply
          .code(201)
          .send({ itemIds: grantItems(world, account, definitionId, count, place, untradeable) });
      });

      admin.post('/listings', async (request, reply) => {
        const parsed = listingSchema.safeParse(request.body);
        if (!parsed.success) return bad(reply, parsed.error);
        if (!world.cardIndexByDefinition.has(parsed.data.definitionId))
          return reply.code(404).send({ message: 'Unknown definitionId' });
        const trades = Array.from({ length: parsed.data.count }, () =>
          injectListing(world, parsed.data, (trade, forceRival) =>
            scheduleSimBuyers(world, trade, world.rng, forceRival),
          ),
        );
        return reply
          .code(201)
          .send({ tradeIds: trades.map((trade) => trade.tradeId), visibleAt: trades[0]?.visibleAt });
      });

      admin.post('/traps', async (request, reply) => {
        const parsed = trapSchema.safeParse(request.body);
        if (!parsed.success) return bad(reply, parsed.error);
        const { mode, count, ...terms } = parsed.data;
        if (!world.cardIndexByDefinition.has(terms.definitionId))
          return reply.code(404).send({ message: 'Unknown definitionId' });
        if (mode === 'mirror') {
          armMirrorTrap(world, { ...terms, count });
          return reply.code(201).send({ armed: armedMirrorTraps(world).length });
        }
        // Strangers' listings wait for their victim: no simulated buyers take them.
        const trades = Array.from({ length: count }, () => injectListing(world, terms, () => {}));
        return reply.code(201).send({ tradeIds: trades.map((trade) => trade.tradeId) });
      });

      admin.post('/clock/advance', async (request, reply) => {
        const parsed = advanceSchema.safeParse(request.body);
        if (!parsed.success) return bad(reply, parsed.error);
        if (world.clock.kind === 'real')
          return reply
            .code(409)
            .send({ message: 'The sim runs on the real clock; start it with clock: { speed }' });
        world.clock.advance(parsed.data.ms);
        world.catchUp();
        return { now: world.now() };
      });

      admin.get('/ledger', async (request, reply) => {
        const parsed = z
          .object({
            accountId: z.coerce.number().int().positive().optional(),
            limit: z.coerce.number().int().min(1).max(10_000).default(200),
          })
          .safeParse(request.query);
        if (!parsed.success) return bad(reply, parsed.error);
        return {
          sinks: world.ledger.sinks,
          entries: world.ledger.recent(parsed.data.limit, parsed.data.accountId),
        };
      });
    },
    { prefix: '/admin' },
  );
}
