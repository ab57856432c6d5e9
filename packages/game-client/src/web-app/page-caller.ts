import type { MarketSearchCriteria, ServiceResponse } from '@tradedesk/domain/web-app';
import { createAccountApi } from '../api/account.js';
import { createClubApi } from '../api/club.js';
import { createMarketApi } from '../api/market.js';
import { createPilesApi } from '../api/piles.js';
import { createSbcApi } from '../api/sbc.js';
import type { GameClientConfig } from '../config.js';
import { errorFromResponse } from '../error-mapping.js';
import { MalformedResponseError, NetworkError, RequestFailedError } from '../errors.js';
import { validateAnswer, type GameCall, type GameCaller, type QueryValue } from '../game-http.js';
import type { RequestStats } from '../transport.js';

/**
 * One call of the game web app's own services (`window.services.<service>.<method>(...args)`):
 * what a headful session asks the page to do instead of sending the request itself.
 */
export interface PageServiceCall {
  readonly service: 'Market' | 'Item' | 'Store' | 'User';
  readonly method: string;
  readonly args: readonly unknown[];
}

/** Runs a service call in the page and returns its answer (the page's services never reject). */
export type PageInvoker = (call: PageServiceCall) => Promise<ServiceResponse<unknown>>;

const numberOf = (value: QueryValue) => (value === undefined ? undefined : Number(value));

/** The web app's search criteria from the protocol query the market API builds. */
function criteriaOf(query: Record<string, QueryValue>): MarketSearchCriteria {
  const text = (key: string) => (query[key] === undefined ? undefined : String(query[key]));
  const rarityIds = text('rarityIds');
  const criteria: Record<string, unknown> = {
    type: text('type'),
    maskedDefId: numberOf(query.maskedDefId),
    definitionId: numberOf(query.definitionId),
    lev: text('lev'),
    rare: text('rare'),
    // The page takes one rarity (its form has one rarity field), as the game's does.
    rarityIds: rarityIds === undefined ? undefined : Number(rarityIds.split(',')[0]),
    pos: text('pos'),
    zone: text('zone'),
    nat: numberOf(query.nat),
    leag: numberOf(query.leag),
    team: numberOf(query.team),
    playStyle: numberOf(query.playStyle),
    micr: numberOf(query.micr),
    macr: numberOf(query.macr),
    minb: numberOf(query.minb),
    maxb: numberOf(query.maxb),
  };
  return Object.fromEntries(Object.entries(criteria).filter(([, value]) => value !== undefined));
}

type Body = Record<string, unknown> | undefined;

/**
 * The page service that performs a protocol call, or undefined when the web app has no such
 * action. Only the calls a snipe session makes are routed: everything else is refused loudly.
 */
export function pageServiceCallOf(call: GameCall<unknown>): PageServiceCall | undefined {
  const { method, path } = call;
  const query = call.query ?? {};
  const body = call.body as Body;
  const trade = /^trade\/(\d+)\/bid$/.exec(path);
  const item = /^item\/(\d+)$/.exec(path);
  if (method === 'GET' && path === 'transfermarket') {
    // The web app pages by its own page size: `start` is a multiple of it.
    const pageSize = Math.max(1, Number(query.num ?? 21) - 1);
    return {
      service: 'Market',
      method: 'search',
      args: [criteriaOf(query), Math.floor(Number(query.start ?? 0) / pageSize)],
    };
  }
  if (method === 'PUT' && trade)
    return { service: 'Market', method: 'bid', args: [Number(trade[1]), Number(body?.bid)] };
  if (method === 'GET' && path === 'trade/status/lite')
    return {
      service: 'Market',
      method: 'status',
      args: [
        String(query.tradeIds ?? '')
          .split(',')
          .map(Number),
      ],
    };
  if (method === 'GET' && path === 'tradepile') return { service: 'Store', method: 'transferList', args: [] };
  if (method === 'GET' && path === 'watchlist') return { service: 'Store', method: 'targets', args: [] };
  if (method === 'GET' && path === 'purchased/items')
    return { service: 'Item', method: 'unassigned', args: [] };
  if (method === 'PUT' && path === 'item') {
    const [move] = (body?.itemData as { id: number; pile: string; tradeId?: string }[] | undefined) ?? [];
    if (!move) return undefined;
    const args: unknown[] = [move.id, move.pile];
    if (move.tradeId !== undefined) args.push(Number(move.tradeId));
    return { service: 'Item', method: 'move', args };
  }
  if (method === 'POST' && path === 'auctionhouse') {
    const listed = body as {
      itemData: { id: number };
      startingBid: number;
      buyNowPrice: number;
      duration: number;
    };
    return {
      service: 'Market',
      method: 'list',
      args: [listed.itemData.id, listed.startingBid, listed.buyNowPrice, listed.duration],
    };
  }
  if (method === 'PUT' && path === 'auctionhouse/relist')
    return { service: 'Market', method: 'relistAll', args: [] };
  if (method === 'DELETE' && path === 'trade/sold')
    return { service: 'Market', method: 'clearSold', args: [] };
  if (method === 'DELETE' && item) return { service: 'Item', method: 'quickSell', args: [Number(item[1])] };
  if (method === 'GET' && path === 'user/credits') return { service: 'User', method: 'credits', args: [] };
  if (method === 'GET' && path === 'usermassinfo') return { service: 'User', method: 'massInfo', args: [] };
  return undefined;
}

/**
 * A GameCaller that performs every call through the game web app's own services: the page sends
 * the request with its session, and the answer is validated and its failures typed exactly as a
 * headless call's are (the same schemas and fast search reader, the same error mapping).
 */
export function createPageCaller(invoke: PageInvoker): { call: GameCaller; stats: RequestStats } {
  const stats: RequestStats = { requests: 0, searches: 0 };
  const call = async <T>(gameCall: GameCall<T>): Promise<T> => {
    const request = `${gameCall.method} ${gameCall.path} (web app)`;
    const serviceCall = pageServiceCallOf(gameCall as GameCall<unknown>);
    if (!serviceCall)
      throw new RequestFailedError({ code: 0, reason: 'The web app has no such action', request });
    stats.requests += 1;
    if (gameCall.isSearch === true) stats.searches += 1;
    const answer = await invoke(serviceCall);
    if (answer.status === 0)
      throw new NetworkError({ code: 0, reason: 'The web app could not reach the game', request });
    if (answer.status >= 400) throw errorFromResponse(answer.status, answer.data ?? answer.error, request);
    if (!answer.success)
      throw new MalformedResponseError({ code: answer.status, reason: 'Unexpected answer', request });
    // The page hands back the game's JSON answer: the same fast reader as a headless search.
    return (
      gameCall.fastRead?.(answer.data) ?? validateAnswer(gameCall.schema, answer.data, answer.status, request)
    );
  };
  return { call, stats };
}

/**
 * The game-client endpoint groups, performed by the web app's services: every group a game port
 * needs, of which only a snipe session's calls are routed (a club or SBC call is refused loudly).
 */
export function createPageGameApis(invoke: PageInvoker, config: GameClientConfig) {
  const { call, stats } = createPageCaller(invoke);
  return {
    market: createMarketApi(call, config),
    piles: createPilesApi(call),
    account: createAccountApi(call),
    club: createClubApi(call, config),
    sbc: createSbcApi(call),
    get stats(): RequestStats {
      return { ...stats };
    },
  };
}
