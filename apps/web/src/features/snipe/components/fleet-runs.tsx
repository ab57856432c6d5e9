import { formatCompactNumber, platformBadge, type Account } from '@tradedesk/domain';
import { StatusBadge } from './account-row';

interface FleetRun {
  id: string;
  parts: Account[];
}

/**
 * The running fleets among the accounts, each with its parts in the order the accounts came (an
 * account carries its fleet only while its part runs: the server's list and the stop message see to it).
 */
function fleetRunsOf(accounts: readonly Account[]): FleetRun[] {
  const fleets = new Map<string, Account[]>();
  for (const account of accounts) {
    if (account.fleet === undefined) continue;
    fleets.set(account.fleet.id, [...(fleets.get(account.fleet.id) ?? []), account]);
  }
  return [...fleets].map(([id, parts]) => ({ id, parts }));
}

const signed = (value: number) => `${value > 0 ? '+' : ''}${formatCompactNumber(value)}`;
const profitColour = (value: number) => (value > 0 ? 'text-success' : value < 0 ? 'text-error' : '');

/**
 * Each fleet run (accounts of one platform started together, sniping as one team) as one run:
 * every account's part with its status, purchases in this run and profit, and the fleet's totals.
 */
export function FleetRuns({ accounts }: { accounts: readonly Account[] | undefined }) {
  const fleets = fleetRunsOf(accounts ?? []);
  if (fleets.length === 0) return null;
  return (
    <div className="flex flex-col gap-3">
      {fleets.map((fleet) => (
        <FleetRunCard key={fleet.id} fleet={fleet} />
      ))}
    </div>
  );
}

function FleetRunCard({ fleet }: { fleet: FleetRun }) {
  const purchases = fleet.parts.reduce((sum, part) => sum + (part.fleet?.purchases ?? 0), 0);
  const profit = fleet.parts.reduce((sum, part) => sum + part.profits, 0);
  const platform = platformBadge(fleet.parts[0]?.platform ?? null);
  const count = fleet.parts.length;
  const title = `Fleet run · ${count} account${count === 1 ? '' : 's'} · ${platform}`;
  return (
    <section aria-label={title} className="rounded-box border-base-300 bg-base-100 border p-3">
      <h2 className="mb-2 font-semibold">{title}</h2>
      <table className="table-sm table">
        <thead>
          <tr>
            <th>Account</th>
            <th>Status</th>
            <th>Purchases</th>
            <th>Profit</th>
          </tr>
        </thead>
        <tbody>
          {fleet.parts.map((part) => (
            <tr key={part.id} data-fleet-part={part.id}>
              <td>{part.username || part.email}</td>
              <td>
                <StatusBadge status={part.status} />
              </td>
              <td className="font-mono">{part.fleet?.purchases ?? 0}</td>
              <td className={`font-mono ${profitColour(part.profits)}`}>{signed(part.profits)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th>Total</th>
            <th />
            <th className="font-mono">{purchases}</th>
            <th className={`font-mono ${profitColour(profit)}`}>{signed(profit)}</th>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
