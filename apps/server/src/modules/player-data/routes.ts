import { loadCatalogue } from '@tradedesk/domain/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.js';
import { entryAnswer, playersPageAnswer, priceAnswer, statisticsAnswer } from './answers.js';
import { cardSvg, portraitSvg } from './card-svg.js';
import {
  cardParams,
  cardQuery,
  marketQuery,
  playersQuery,
  priceQuery,
  searchQuery,
  statisticsQuery,
} from './schemas.js';
import type { PlayerDataService } from './service.js';
import { routesAreFor } from '../../lib/audience.js';

export interface PlayerDataRoutesOptions {
  service: PlayerDataService;
}

/** The entry by id, or the search's ready JSON text (`service.searchAnswer`). */
const entryOrSearchText = z.union([entryAnswer, z.string()]);

const IMAGE_CACHE = 'public, max-age=86400';

/** True when the client lists gzip without refusing it (`gzip;q=0`). */
const acceptsGzip = (header: string | undefined) =>
  header !== undefined &&
  /(?:^|,)\s*gzip\s*(?:;\s*q=(?!0(?:\.0*)?\s*(?:,|$))[\d.]+)?\s*(?:,|$)/i.test(header);

function catalogueCard(id: number) {
  const card = loadCatalogue().byDefinitionId(id);
  if (!card) throw notFound('Player not found', 'player_not_found');
  return card;
}

/** /api/player-data: the public player price database (anonymous visitors may read it). */
export const playerDataRoutes: FastifyPluginAsyncZod<PlayerDataRoutesOptions> = async (app, { service }) => {
  // The price database is public: the extension and signed-out pages read it.
  routesAreFor(app, 'anyone');
  app.get(
    '/',
    { schema: { querystring: searchQuery, response: { 200: entryOrSearchText } } },
    async (request, reply) => {
      const { id, name, rarity, numOfResults } = request.query;
      if (id !== undefined) return { data: await service.byId(id, rarity) };
      // Sent as the service's JSON text (the search answer is the hottest path of the price database);
      // Fastify sends a JSON string as it is, past the response schema (that is for the answer by id).
      return reply
        .type('application/json; charset=utf-8')
        .send(await service.searchAnswer(name ?? '', rarity, numOfResults));
    },
  );

  app.get(
    '/price',
    { schema: { querystring: priceQuery, response: { 200: priceAnswer } } },
    async (request) => ({
      data: await service.price(request.query),
    }),
  );

  app.get(
    '/price/statistics',
    { schema: { querystring: statisticsQuery, response: { 200: statisticsAnswer } } },
    async (request) => {
      const { definitionId, platform, rarity } = request.query;
      return { data: await service.statistics(definitionId, platform, rarity) };
    },
  );

  app.get('/market', { schema: { querystring: marketQuery } }, async (request, reply) => {
    const { rarities, includeMetadata, isCached } = request.query;
    const answer = await service.market(rarities, includeMetadata, isCached);
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    // 600 cards are ~300 KB of JSON and ~10× less gzipped; the bytes are cached, not re-encoded.
    if (acceptsGzip(request.headers['accept-encoding']))
      return reply.header('content-encoding', 'gzip').send(answer.gzipped());
    return reply.send(answer.json);
  });

  app.get(
    '/players',
    { schema: { querystring: playersQuery, response: { 200: playersPageAnswer } } },
    async (request) => ({
      data: await service.page(request.query),
    }),
  );

  app.get('/fifa/image/:id', { schema: { params: cardParams } }, async (request, reply) =>
    reply
      .type('image/svg+xml')
      .header('cache-control', IMAGE_CACHE)
      .send(portraitSvg(catalogueCard(request.params.id))),
  );

  app.get('/fifa/card/:id', { schema: { params: cardParams } }, async (request, reply) =>
    reply
      .type('image/svg+xml')
      .header('cache-control', IMAGE_CACHE)
      .send(cardSvg(catalogueCard(request.params.id))),
  );

  app.get('/fifa/card', { schema: { querystring: cardQuery } }, async (request, reply) =>
    reply
      .type('image/svg+xml')
      .header('cache-control', IMAGE_CACHE)
      .send(cardSvg(catalogueCard(request.query.id), request.query.rarity)),
  );
};
