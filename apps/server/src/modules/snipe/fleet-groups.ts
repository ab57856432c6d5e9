import { platformOf } from '@tradedesk/domain';
import type { FleetPart } from '@tradedesk/domain/realtime';

/** Accounts of one multi-account start that run together: as one fleet, or each alone. */
export interface StartGroup<A> {
  readonly accounts: readonly A[];
  /** Present when the group's accounts run as one fleet (all of them on one agent). */
  readonly fleet?: FleetPart;
}

/**
 * How a multi-account start runs (docs/decisions/snipe-engine.md, "Fleet"): with the fleet switch
 * on, the accounts of each platform with two or more started become one fleet (a fleet shares one
 * market, and the accounts of two platforms never see each other's listings); every other
 * account, and every account with the switch off, runs alone as if started by itself.
 */
export function startGroups<A extends { readonly id: string; readonly platform?: string | null }>(
  accounts: readonly A[],
  isFleetOn: boolean,
  newFleetId: () => string,
): StartGroup<A>[] {
  if (!isFleetOn) return accounts.map((account) => ({ accounts: [account] }));
  const byPlatform = new Map<string, A[]>();
  for (const account of accounts) {
    const platform = platformOf(account);
    byPlatform.set(platform, [...(byPlatform.get(platform) ?? []), account]);
  }
  return [...byPlatform.values()].flatMap((members): StartGroup<A>[] =>
    members.length < 2
      ? members.map((account) => ({ accounts: [account] }))
      : [
          {
            accounts: members,
            fleet: { id: newFleetId(), accountIds: members.map((account) => account.id) },
          },
        ],
  );
}
