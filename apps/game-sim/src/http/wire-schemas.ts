/**
 * JSON schemas of the hottest answers, so Fastify serialises them with fast-json-stringify
 * instead of JSON.stringify (searches are most of a sniper's traffic).
 */
const int = { type: 'integer' } as const;
const str = { type: 'string' } as const;
const bool = { type: 'boolean' } as const;
const ints = { type: 'array', items: int } as const;

export const itemDataJsonSchema = {
  type: 'object',
  properties: {
    id: int,
    timestamp: int,
    formation: str,
    untradeable: bool,
    untradeableCount: int,
    assetId: int,
    rating: int,
    itemType: str,
    resourceId: int,
    owners: int,
    discardValue: int,
    itemState: str,
    cardsubtypeid: int,
    lastSalePrice: int,
    injuryType: str,
    injuryGames: int,
    preferredPosition: str,
    possiblePositions: { type: 'array', items: str },
    contract: int,
    teamid: int,
    rareflag: int,
    playStyle: int,
    leagueId: int,
    nation: int,
    pile: int,
    loyaltyBonus: int,
    marketDataMinPrice: int,
    marketDataMaxPrice: int,
    resourceGameYear: int,
    groups: ints,
    guidAssetId: str,
    synthetic: bool,
  },
} as const;

export const auctionInfoJsonSchema = {
  type: 'object',
  properties: {
    tradeId: int,
    tradeIdStr: str,
    tradeState: str,
    bidState: str,
    buyNowPrice: int,
    startingBid: int,
    currentBid: int,
    offers: int,
    expires: int,
    watched: bool,
    tradeOwner: bool,
    sellerName: str,
    sellerId: int,
    sellerEstablished: int,
    confidenceValue: int,
    coinsProcessed: int,
    itemData: itemDataJsonSchema,
  },
} as const;

/** 200 answer of GET transfermarket. */
export const searchAnswerJsonSchema = {
  type: 'object',
  properties: {
    auctionInfo: { type: 'array', items: auctionInfoJsonSchema },
    bidTokens: { type: 'object', additionalProperties: true },
  },
} as const;
