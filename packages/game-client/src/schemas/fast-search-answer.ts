import type { z } from 'zod';
import type { searchAnswerSchema } from './market.js';

type SearchAnswer = z.output<typeof searchAnswerSchema>;
type Check = (value: unknown) => boolean;
type Fields = Readonly<Record<string, { check: Check; required?: true }>>;

const isInt: Check = (value) => Number.isInteger(value);
const isNumber: Check = (value) => typeof value === 'number';
const isString: Check = (value) => typeof value === 'string';
const isBoolean: Check = (value) => typeof value === 'boolean';
const orNull =
  (check: Check): Check =>
  (value) =>
    value === null || check(value);
const listOf =
  (check: Check): Check =>
  (value) =>
    Array.isArray(value) && value.every(check);
const tradeStates = new Set(['active', 'closed', 'expired', 'inactive']);

/**
 * `itemDataSchema`'s fields; an id sent as a string (which zod converts) is left to zod. A test
 * holds these lists to the schemas' keys, so a field the schema gains cannot be silently dropped.
 */
export const itemFields: Fields = {
  id: { check: isInt, required: true },
  assetId: { check: isInt },
  resourceId: { check: isInt },
  definitionId: { check: isInt },
  rating: { check: isInt },
  rareflag: { check: isInt },
  preferredPosition: { check: isString },
  possiblePositions: { check: listOf(isString) },
  teamid: { check: isInt },
  leagueId: { check: isInt },
  nation: { check: isInt },
  itemType: { check: isString },
  cardsubtypeid: { check: isInt },
  discardValue: { check: isInt },
  lastSalePrice: { check: isInt },
  untradeable: { check: isBoolean },
  untradeableCount: { check: isInt },
  owners: { check: isInt },
  contract: { check: isInt },
  playStyle: { check: isInt },
  pile: { check: isInt },
  itemState: { check: isString },
  marketDataMinPrice: { check: isInt },
  marketDataMaxPrice: { check: isInt },
  timestamp: { check: isNumber },
  dream: { check: isBoolean },
  groups: { check: listOf(isInt) },
  synthetic: { check: isBoolean },
};

/** `auctionInfoSchema`'s fields besides `itemData`. */
export const auctionFields: Fields = {
  tradeId: { check: isInt, required: true },
  tradeIdStr: { check: isString },
  tradeState: { check: orNull((value) => tradeStates.has(value as string)) },
  bidState: { check: orNull(isString) },
  buyNowPrice: { check: isInt, required: true },
  startingBid: { check: isInt, required: true },
  currentBid: { check: isInt, required: true },
  offers: { check: isInt },
  expires: { check: isInt, required: true },
  watched: { check: orNull(isBoolean) },
  tradeOwner: { check: orNull(isBoolean) },
  sellerName: { check: orNull(isString) },
  sellerId: { check: orNull(isNumber) },
  confidenceValue: { check: isNumber },
  coinsProcessed: { check: isInt },
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The known fields of `input`, checked, unknown ones dropped (as zod does); undefined when any fails. */
function pick(input: unknown, fields: Fields): Record<string, unknown> | undefined {
  if (!isRecord(input)) return undefined;
  const output: Record<string, unknown> = {};
  for (const key in fields) {
    const field = fields[key] as Fields[string];
    if (!(key in input)) {
      if (field.required) return undefined;
      continue;
    }
    const value = input[key];
    if (!field.check(value)) return undefined;
    output[key] = Array.isArray(value) ? value.slice() : value;
  }
  return output;
}

/**
 * The search answer on the snipe's hot path, read without zod: zod walks every field of every
 * listing (about 0.35 ms a page, most of the time between the answer and the Buy Now). This
 * checks the shape the game sends by hand and builds exactly what `searchAnswerSchema` would.
 * Anything else (an int sent as a string, a bad or missing field) answers undefined and zod reads
 * the page, so conversions and error messages stay zod's. A test holds both to the same output.
 */
export function readSearchAnswerFast(body: unknown): SearchAnswer | undefined {
  if (!isRecord(body)) return undefined;
  const list = body.auctionInfo;
  let auctionInfo: SearchAnswer['auctionInfo'] = [];
  if (list !== undefined && list !== null) {
    if (!Array.isArray(list)) return undefined;
    auctionInfo = new Array(list.length);
    for (let index = 0; index < list.length; index += 1) {
      const entry: unknown = list[index];
      const auction = pick(entry, auctionFields);
      const itemData = auction && pick((entry as Record<string, unknown>).itemData, itemFields);
      if (!auction || !itemData) return undefined;
      auction.itemData = itemData;
      auctionInfo[index] = auction as SearchAnswer['auctionInfo'][number];
    }
  }
  return 'bidTokens' in body ? { auctionInfo, bidTokens: body.bidTokens } : { auctionInfo };
}
