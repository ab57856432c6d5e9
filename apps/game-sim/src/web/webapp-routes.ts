import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { GameError } from '../core/errors.js';
import type { SimContext } from '../http/context.js';
import type { SearchCriteria } from '../world/market-index.js';
import { placeBid, platformOf, searchMarket } from '../world/trading.js';
import type { Account, Trade } from '../world/types.js';
import {
  authLandingView,
  captchaView,
  itemRows,
  marketForm,
  shell,
  signInView,
  tradeRows,
  WEB,
} from './webapp-views.js';

const WEB_COOKIE = 'web_sid';
const marketQuerySchema = z.object({
  name: z.string().trim().max(60).optional(),
  rarity: z.union([z.literal(''), z.coerce.number().int().nonnegative()]).optional(),
  quality: z.enum(['', 'bronze', 'silver', 'gold', 'special']).optional(),
  maxBuyNow: z.union([z.literal(''), z.coerce.number().int().nonnegative()]).optional(),
  message: z.string().max(200).optional(),
});

/** The small server-rendered web app at /web-app/: sign-in, coins, market, piles, captcha. */
export function registerWebAppRoutes(app: FastifyInstance, context: SimContext): void {
  const { world, sessions } = context;

  const signInUrl = (): string =>
    `/connect/auth?client_id=FC26_JS_WEB_APP&response_type=token&display=web2/login&prompt=login&locale=en_US&redirect_uri=${encodeURIComponent(`${context.origin()}${WEB}/auth.html`)}`;

  /** The signed-in account, or a reply that was already sent (sign-in or captcha page). */
  const page = (request: FastifyRequest, reply: FastifyReply): Account | undefined => {
    const now = world.catchUp();
    const resolved = sessions.resolveSid(request.cookies[WEB_COOKIE], now);
    const account = typeof resolved === 'object' ? world.accounts.get(resolved.accountId) : undefined;
    reply.type('text/html');
    if (!account) {
      void reply.send(signInView(signInUrl()));
      return undefined;
    }
    if (account.captchaPending) {
      void reply.send(captchaView());
      return undefined;
    }
    return account;
  };

  app.get(`${WEB}`, async (_request, reply) => reply.redirect(`${WEB}/`, 302));
  app.get(`${WEB}/auth.html`, async (_request, reply) => reply.type('text/html').send(authLandingView()));

  app.get(`${WEB}/session`, async (request, reply) => {
    const token = (request.query as Record<string, unknown>).access_token;
    const accountId =
      typeof token === 'string' ? sessions.accountOfAccessToken(token, world.now()) : undefined;
    const account = accountId === undefined ? undefined : world.accounts.get(accountId);
    if (!account) return reply.redirect(`${WEB}/`, 302);
    // The web app is one more UT session: signing in here kicks a bot's session, as in the game.
    const session = sessions.openUtSession(account.id, platformOf(account), world.now());
    if (!account.platform) account.platform = 'ps';
    reply.setCookie(WEB_COOKIE, session.sid, { path: WEB, httpOnly: true, sameSite: 'lax' });
    return reply.redirect(`${WEB}/`, 302);
  });

  app.post(`${WEB}/logout`, async (request, reply) => {
    const sid = request.cookies[WEB_COOKIE];
    if (sid) sessions.closeUtSession(sid);
    reply.clearCookie(WEB_COOKIE, { path: WEB });
    return reply.redirect(`${WEB}/`, 302);
  });

  app.get(`${WEB}/`, async (request, reply) => {
    const account = page(request, reply);
    if (!account) return reply;
    const body = `<p id="summary">Transfer list ${account.tradepile.size + account.soldTrades.size} · Unassigned ${account.unassigned.length} · Club ${account.club.size}</p>`;
    return shell(account, 'Home', body);
  });

  app.get(`${WEB}/captcha`, async (_request, reply) => reply.type('text/html').send(captchaView()));
  app.post(`${WEB}/captcha/solve`, async (request, reply) => {
    const resolved = sessions.resolveSid(request.cookies[WEB_COOKIE], world.now());
    const account = typeof resolved === 'object' ? world.accounts.get(resolved.accountId) : undefined;
    if (account) world.abuse.solveCaptcha(account);
    return reply.redirect(`${WEB}/`, 302);
  });

  app.get(`${WEB}/market`, async (request, reply) => {
    const account = page(request, reply);
    if (!account) return reply;
    const parsed = marketQuerySchema.safeParse(request.query);
    const form = parsed.success ? parsed.data : {};
    const searched = Object.values(form).some((value) => value !== undefined && value !== '');
    let results = '';
    if (searched && !account.marketLocked)
      results = tradeRows(world, webSearch(account, form), world.now(), true);
    if (account.marketLocked)
      results = '<p id="market-locked" role="alert">The transfer market is locked for this account.</p>';
    const text = (value: unknown) => (value === undefined ? undefined : String(value));
    return shell(
      account,
      'Transfer market',
      marketForm({
        name: form.name,
        rarity: text(form.rarity),
        quality: form.quality,
        maxBuyNow: text(form.maxBuyNow),
      }) + results,
      form.message,
    );
  });

  app.post(`${WEB}/market/buy`, async (request, reply) => {
    const account = page(request, reply);
    if (!account) return reply;
    const parsed = z.object({ tradeId: z.coerce.number().int().positive() }).safeParse(request.body);
    let message = 'Choose a listing to buy.';
    if (parsed.success) {
      const trade = world.trades.get(parsed.data.tradeId);
      try {
        if (account.softBan && account.softBan.until > world.now())
          throw new GameError(account.softBan.code, 'Request rejected');
        placeBid(world, account, parsed.data.tradeId, trade?.buyNowPrice ?? 0);
        message = `Bought for ${trade?.buyNowPrice ?? 0} coins. The item is in your unassigned pile.`;
      } catch (error) {
        if (!(error instanceof GameError)) throw error;
        message = `Could not buy (${error.code} ${error.reason}).`;
      }
    }
    return reply.redirect(`${WEB}/market?message=${encodeURIComponent(message)}`, 303);
  });

  app.get(`${WEB}/transfers`, async (request, reply) => {
    const account = page(request, reply);
    if (!account) return reply;
    const listed = [...account.tradepile]
      .map((id) => world.items.get(id))
      .flatMap((item) => {
        const trade = item ? world.trades.get(item.tradeId) : undefined;
        return trade && trade.sellerId === account.id && item?.place === 'listed' ? [trade] : [];
      });
    const sold = [...account.soldTrades]
      .map((id) => world.trades.get(id))
      .filter((trade): trade is Trade => trade !== undefined);
    const unlisted = [...account.tradepile].filter((id) => world.items.get(id)?.place === 'trade');
    return shell(
      account,
      'Transfer list',
      `<h2>Active and sold</h2>${tradeRows(world, [...listed, ...sold], world.now(), false)}<h2>Not listed</h2>${itemRows(world, unlisted, 'Unlisted items')}`,
    );
  });

  app.get(`${WEB}/unassigned`, async (request, reply) => {
    const account = page(request, reply);
    if (!account) return reply;
    return shell(account, 'Unassigned', itemRows(world, account.unassigned, 'Unassigned items'));
  });

  function webSearch(account: Account, form: z.infer<typeof marketQuerySchema>): Trade[] {
    const criteria: SearchCriteria = {
      rarityIds: typeof form.rarity === 'number' ? [form.rarity] : undefined,
      lev: form.quality && form.quality !== 'special' ? form.quality : undefined,
      special: form.quality === 'special',
      maxb: typeof form.maxBuyNow === 'number' && form.maxBuyNow > 0 ? form.maxBuyNow : undefined,
    };
    const name = form.name?.toLowerCase();
    if (!name) return searchMarket(world, account, criteria, 0, 20);
    const baseIds = new Set(
      world.cards
        .filter((card) => card.name.toLowerCase().includes(name))
        .slice(0, 30)
        .map((card) => card.baseId),
    );
    const found = [...baseIds].flatMap((maskedDefId) =>
      searchMarket(world, account, { ...criteria, maskedDefId }, 0, 20),
    );
    return found.sort((a, b) => a.expiresAt - b.expiresAt).slice(0, 20);
  }
}
