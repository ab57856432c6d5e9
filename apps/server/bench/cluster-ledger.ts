/**
 * The cluster bench's end check: every purchase the cluster recorded against the sandbox game's
 * ledger, account by account (a lost or doubled purchase is a fault the bench reports).
 */
import type { ClusterObserver } from './cluster-observer.js';
import { SIM_ADMIN_KEY } from './cluster-users.js';

export interface LedgerComparison {
  recordedBuys: number;
  recordedSpent: number;
  ledgerBuys: number;
  ledgerSpent: number;
  /** In the ledger and not recorded. */
  lost: number;
  /** Recorded more often than the ledger has them, or one event stored twice. */
  doubled: number;
  /** The accounts whose purchases differ, so a lost or doubled one can be traced in the log. */
  mismatched: string[];
}

const simGet = async <T>(simUrl: string, path: string) =>
  (await (await fetch(`${simUrl}${path}`, { headers: { 'x-sim-admin-key': SIM_ADMIN_KEY } })).json()) as T;

export async function compareWithLedger(
  observer: ClusterObserver,
  simUrl: string,
): Promise<LedgerComparison> {
  const { rows: recorded } = await observer.query<{ email: string; buys: number; spent: number }>(
    `SELECT a.email, count(*)::int AS buys, coalesce(sum(l.buy_price), 0)::int AS spent
       FROM snipe_log_entries l JOIN accounts a ON a.id = l.account_id
      WHERE l.is_success GROUP BY a.email`,
  );
  const { rows: doubledEvents } = await observer.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT event_id FROM snipe_log_entries GROUP BY event_id HAVING count(*) > 1) d`,
  );
  const simAccounts = await simGet<Array<{ id: number; email: string }>>(simUrl, '/admin/accounts');
  let ledgerBuys = 0;
  let ledgerSpent = 0;
  let lost = 0;
  let extra = 0;
  const mismatched: string[] = [];
  for (const account of simAccounts.filter((candidate) => candidate.email.endsWith('@bench.example'))) {
    const ledger = await simGet<{ entries: Array<{ kind: string; from: string; amount: number }> }>(
      simUrl,
      `/admin/ledger?accountId=${account.id}&limit=10000`,
    );
    // A Buy Now pays the seller's share and the tax as two entries of one trade.
    const paid = ledger.entries.filter(
      (entry) =>
        (entry.kind === 'buy-now' || entry.kind === 'sale-tax') && entry.from === `account:${account.id}`,
    );
    const buys = paid.filter((entry) => entry.kind === 'buy-now');
    ledgerBuys += buys.length;
    ledgerSpent += paid.reduce((sum, entry) => sum + entry.amount, 0);
    const mine = recorded.find((row) => row.email === account.email)?.buys ?? 0;
    lost += Math.max(0, buys.length - mine);
    extra += Math.max(0, mine - buys.length);
    if (mine !== buys.length) {
      mismatched.push(`${account.email}: ${mine} recorded, ${buys.length} in the ledger`);
      const { rows: stored } = await observer.query<{ at: Date; itemId: string | null; eventId: string }>(
        `SELECT l.created_at AS at, l.item_id AS "itemId", l.event_id AS "eventId" FROM snipe_log_entries l
           JOIN accounts a ON a.id = l.account_id WHERE a.email = $1 AND l.is_success ORDER BY l.created_at`,
        [account.email],
      );
      console.log(`${account.email}: ledger buys ${JSON.stringify(buys)}`);
      console.log(`${account.email}: recorded ${JSON.stringify(stored)}`);
    }
  }
  return {
    recordedBuys: recorded.reduce((sum, row) => sum + row.buys, 0),
    recordedSpent: recorded.reduce((sum, row) => sum + row.spent, 0),
    ledgerBuys,
    ledgerSpent,
    lost,
    doubled: extra + (doubledEvents[0]?.n ?? 0),
    mismatched,
  };
}
