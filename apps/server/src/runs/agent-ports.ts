import { platformOf } from '@tradedesk/domain';
import type { AgentAck, TransferAccount, TransferCommandName } from '@tradedesk/domain/realtime';
import type { AppContext } from '../context.js';
import { openCredentials } from '../modules/account/credentials.js';
import type { AccountRow } from '../modules/account/repo.js';

/**
 * Where account runs that speak in named commands run (transfers, marketplace deliveries): the agents of
 * the agent hub, the same ones that snipe.
 */
export interface TransferDispatcher {
  /** The connected agent with the most free slots, or undefined when none has one. */
  pick(): Promise<string | undefined>;
  /** Sends a transfer command to the agent and waits for its acknowledgement. */
  command(agentId: string, name: TransferCommandName, payload: unknown): Promise<AgentAck>;
}

/** A game account as a transfer command carries it to the agent (credentials decrypted, never logged). */
export const agentAccountOf = (ctx: Pick<AppContext, 'cipher'>, account: AccountRow): TransferAccount => ({
  accountId: account.id,
  email: account.email,
  ...openCredentials(ctx.cipher, account),
  platform: platformOf(account),
});
