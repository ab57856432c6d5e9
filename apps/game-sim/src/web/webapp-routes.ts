import { readFile } from 'node:fs/promises';
import {
  chemistryStyleRows,
  clubById,
  leagueById,
  marketPositions,
  MAX_PRICE,
  MIN_PRICE,
  nationById,
  PRICE_BANDS,
  rarityNameById,
} from '@tradedesk/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { SimContext } from '../http/context.js';
import { parseInput } from '../http/parse.js';
import { WEB, WEB_APP_SCRIPTS, webAppShell, type WebAppConfig } from './webapp-views.js';

const CLIENT_DIR = new URL('./client/', import.meta.url);
const scriptParamSchema = z.object({ file: z.enum(WEB_APP_SCRIPTS) });

/**
 * The sandbox's game web app at /web-app/: one HTML shell and its plain scripts, which talk to the
 * game only through the protocol endpoints (docs/sandbox-web-app.md). The routes here serve the
 * page, its player-name suggestions (the game ships its player database to the page) and the
 * captcha screen's solve button (only a person on this page can solve a captcha).
 */
export function registerWebAppRoutes(app: FastifyInstance, context: SimContext): void {
  const { world } = context;
  const scripts = new Map<string, Promise<string>>();
  let config: WebAppConfig | undefined;

  const configOf = (): WebAppConfig => {
    const origin = context.origin();
    if (config && config.signInUrl.includes(encodeURIComponent(origin))) return config;
    const distinct = <T>(values: T[]) => [...new Set(values)];
    const byName = <T extends readonly [number, string, ...unknown[]]>(rows: T[]) =>
      rows.sort((a, b) => a[1].localeCompare(b[1]));
    const segment = world.options.protocol.gameSegment;
    config = {
      gamePrefix: context.gamePrefix,
      signInUrl: `/connect/auth?client_id=${segment.toUpperCase()}_JS_WEB_APP&response_type=token&display=web2/login&prompt=login&locale=en_US&redirect_uri=${encodeURIComponent(`${origin}${WEB}/auth.html`)}`,
      year: segment.replace(/\D/g, '').slice(-2) || '26',
      prices: { bands: PRICE_BANDS, min: MIN_PRICE, max: MAX_PRICE },
      options: {
        nations: byName(
          distinct(world.cards.map((card) => card.nationId)).map((id) => [id, nationById(id).name] as const),
        ),
        leagues: byName(
          distinct(world.cards.map((card) => card.leagueId)).map((id) => [id, leagueById(id).name] as const),
        ),
        clubs: byName(
          distinct(world.cards.map((card) => `${card.clubId}:${card.leagueId}`)).map((key) => {
            const [clubId, leagueId] = key.split(':').map(Number) as [number, number];
            return [clubId, clubById(clubId).name, leagueId] as const;
          }),
        ),
        chemistryStyles: chemistryStyleRows.map((row) => [row.id, row.name] as const),
        rarities: distinct(world.cards.map((card) => card.rarityId))
          .sort((a, b) => a - b)
          .map((id) => [id, rarityNameById(id).name] as const),
        positions: [...marketPositions],
      },
    };
    return config;
  };

  const shell = async (_request: unknown, reply: FastifyReply) =>
    reply.type('text/html').header('cache-control', 'no-store').send(webAppShell(configOf()));
  app.get(`${WEB}`, async (_request, reply) => reply.redirect(`${WEB}/`, 302));
  app.get(`${WEB}/`, shell);
  app.get(`${WEB}/auth.html`, shell);

  app.get(`${WEB}/js/:file`, async (request, reply) => {
    const { file } = parseInput(scriptParamSchema, request.params);
    let text = scripts.get(file);
    if (!text) {
      text = readFile(new URL(file, CLIENT_DIR), 'utf8');
      scripts.set(file, text);
    }
    return reply
      .type('text/javascript')
      .header('cache-control', 'no-cache')
      .send(await text);
  });

  /** The game ships its player database to the page: `[[baseId, name], …]` for names and suggestions. */
  let players: string | undefined;
  app.get(`${WEB}/js/players.json`, async (_request, reply) => {
    if (players === undefined) {
      const seen = new Map<number, { name: string; rating: number }>();
      for (const card of world.cards) {
        const known = seen.get(card.baseId);
        if (!known || known.rating < card.rating)
          seen.set(card.baseId, { name: card.name, rating: card.rating });
      }
      // Best rated first: suggestions list the stars before the namesakes.
      players = JSON.stringify(
        [...seen].sort((a, b) => b[1].rating - a[1].rating).map(([baseId, { name }]) => [baseId, name]),
      );
    }
    return reply.type('application/json').header('cache-control', 'max-age=3600').send(players);
  });

  /** The captcha screen's button: the sandbox's stand-in for solving the puzzle by hand. */
  app.post(`${WEB}/captcha/solve`, async (request, reply) => {
    const account = sessionAccount(request.headers['x-ut-sid']);
    if (!account) return reply.code(401).send({ code: 401, reason: 'expired session' });
    world.abuse.solveCaptcha(account);
    return reply.code(200).send({});
  });

  function sessionAccount(header: string | string[] | undefined) {
    const sid = Array.isArray(header) ? header[0] : header;
    const resolved = context.sessions.resolveSid(sid, world.catchUp());
    return typeof resolved === 'object' ? world.accounts.get(resolved.accountId) : undefined;
  }
}
