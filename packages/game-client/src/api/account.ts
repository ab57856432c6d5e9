import type { GameCaller } from '../game-http.js';
import { creditsAnswerSchema, userMassInfoAnswerSchema } from '../schemas/account.js';
import type { Currency } from '../schemas/items.js';

/** Pile-size keys of `pileSizeClientData` (GAME-PROTOCOL §2.5). */
const pileKeys = { transferList: 2, watchlist: 4 } as const;

export interface Credits {
  coins: number;
  currencies: Currency[];
}

export interface UserMassInfo {
  personaId: number | undefined;
  personaName: string | undefined;
  clubName: string | undefined;
  coins: number | undefined;
  /** `feature.trade` 0 means the market is disabled for this account. */
  canTrade: boolean;
  /** Capacities the server reports, when it does. */
  pileSizes: { transferList: number | undefined; watchlist: number | undefined };
  /** Number of unassigned items, when reported. */
  unassignedCount: number | undefined;
}

/** Coins and the start-up account summary. */
export function createAccountApi(call: GameCaller) {
  return {
    /** GET `user/credits` (also the usual keep-alive). */
    async credits(): Promise<Credits> {
      const answer = await call({ method: 'GET', path: 'user/credits', schema: creditsAnswerSchema });
      return { coins: answer.credits, currencies: answer.currencies };
    },

    /** GET `usermassinfo`. */
    async userMassInfo(): Promise<UserMassInfo> {
      const answer = await call({ method: 'GET', path: 'usermassinfo', schema: userMassInfoAnswerSchema });
      const entries = answer.pileSizeClientData?.entries ?? [];
      const size = (key: number) => entries.find((entry) => entry.key === key)?.value;
      const unassigned = Number(String(answer.userInfo.unassignedPileSize ?? '').replace(/\D/g, ''));
      return {
        personaId: answer.userInfo.personaId,
        personaName: answer.userInfo.personaName,
        clubName: answer.userInfo.clubName,
        coins: answer.userInfo.credits,
        canTrade: answer.userInfo.feature?.trade !== 0,
        pileSizes: { transferList: size(pileKeys.transferList), watchlist: size(pileKeys.watchlist) },
        unassignedCount: answer.userInfo.unassignedPileSize === undefined ? undefined : unassigned,
      };
    },
  };
}

export type AccountApi = ReturnType<typeof createAccountApi>;
