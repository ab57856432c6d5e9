import { loadCatalogue } from '@tradedesk/domain/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.js';
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

export interface PlayerDataRoutesOptions {
  service: PlayerDataService;
}

const IMAGE_CACHE = 'public, max-age=86400';

function catalogueCard(id: number) {
  const card = loadCatalogue().byDefinitionId(id);
  if (!card) throw notFound('Player not found', 'player_not_found');
  return card;
}

/** /api/player-data: the public player price database (anonymous visitors may read it). */
export const playerDataRoutes: FastifyPluginAsyncZod<PlayerDataRoutesOptions> = async (app, { service }) => {
  app.get('/', { schema: { querystring: searchQuery } }, async (request) => {
    const { id, name, rarity, numOfResults } = request.query;
    if (id !== undefined) return { data: await service.byId(id, rarity) };
    return { data: await service.search(name ?? '', rarity, numOfResults) };
  });

  app.get('/price', { schema: { querystring: priceQuery } }, async (request) => ({
    data: await service.price(request.query),
  }));

  app.get('/price/statistics', { schema: { querystring: statisticsQuery } }, async (request) => {
    const { definitionId, platform, rarity } = request.query;
    return { data: await service.statistics(definitionId, platform, rarity) };
  });

  app.get('/market', { schema: { querystring: marketQuery } }, async (request, reply) => {
    const { rarities, includeMetadata, isCached } = request.query;
    const text = await service.market(rarities, includeMetadata, isCached);
    return reply.type('application/json; charset=utf-8').send(text);
  });

  app.get('/players', { schema: { querystring: playersQuery } }, async (request) => ({
    data: await service.page(request.query),
  }));

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
      .send(cardSvg(catalogueCard(request.query.id))),
  );
};
