import type { Account } from '@tradedesk/domain';
import type { SnipePanelFilter } from '../../../common/filters';

type AccountFilterSelectProps = {
  account: Account;
  filters: readonly SnipePanelFilter[];
  chosenIds: readonly string[];
  onChoose: (filterId: string | null) => void;
};

const NONE = '';

/** The row's filter dropdown; disabled while the account is active (spec §4). */
export function AccountFilterSelect({ account, filters, chosenIds, onChoose }: AccountFilterSelectProps) {
  const value = chosenIds.length > 1 ? 'rotation' : (chosenIds[0] ?? NONE);
  return (
    <select
      className="select select-sm w-40"
      aria-label={`Filter for ${account.email}`}
      value={value}
      disabled={account.status === 'active'}
      onChange={(event) => onChoose(event.target.value === NONE ? null : event.target.value)}
    >
      <option value={NONE}>None</option>
      {chosenIds.length > 1 && (
        <option value="rotation" disabled>
          {chosenIds.length} filters (rotation)
        </option>
      )}
      {filters.map((filter) =>
        filter.id ? (
          <option key={filter.id} value={filter.id}>
            {filter.label}
          </option>
        ) : null,
      )}
    </select>
  );
}
