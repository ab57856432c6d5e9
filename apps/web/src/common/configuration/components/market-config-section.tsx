import {
  defaultMarketConfig,
  defaultMarketPlayer,
  marketConfigSchema,
  type MarketConfig,
} from '@tradedesk/domain';
import { useFieldArray } from 'react-hook-form';
import { useUpdateConfiguration } from '../api/update-configuration';
import { SettingsSection } from './settings-section';
import { TableHead } from '../../../components/ui/table-head';

/** Each row's number fields as the table names them ('Player 2 id'), for the messages. */
function marketFieldLabels({ players }: MarketConfig): Record<string, string> {
  return Object.fromEntries(
    players.flatMap((_, index) => [
      [`players.${index}.id`, playerFieldLabel(index, 'id')],
      [`players.${index}.name`, playerFieldLabel(index, 'name')],
      [`players.${index}.price`, playerFieldLabel(index, 'price')],
    ]),
  );
}

function playerFieldLabel(index: number, field: 'id' | 'name' | 'price' | 'excluded'): string {
  return `Player ${index + 1} ${field}`;
}

/**
 * Market Configuration: players by card id with a name, a price (the most to pay for that card,
 * 0 = no cap) and Excluded, plus the switch that makes runs honour the list.
 */
export function MarketConfigSection({ stored }: { stored: MarketConfig }) {
  const update = useUpdateConfiguration('market');
  return (
    <SettingsSection
      title="Market Configuration"
      runningUpdate="market configuration"
      stored={stored}
      defaults={defaultMarketConfig()}
      schema={marketConfigSchema}
      fieldLabels={marketFieldLabels}
      isSaving={update.isPending}
      onSave={(value) => update.mutate(value)}
    >
      {(form) => <MarketPlayersFields form={form} />}
    </SettingsSection>
  );
}

function MarketPlayersFields({
  form,
}: {
  form: Parameters<Parameters<typeof SettingsSection<MarketConfig>>[0]['children']>[0];
}) {
  const players = useFieldArray({ control: form.control, name: 'players' });
  return (
    <>
      <label className="label cursor-pointer justify-start gap-2">
        <input
          type="checkbox"
          className="toggle toggle-sm"
          {...form.register('isExclusionPurchaseEnabled')}
        />
        <span>Exclusion purchase (runs never buy excluded players, nor a player above its price)</span>
      </label>
      {players.fields.length === 0 ? (
        <p className="text-sm opacity-70">No players yet.</p>
      ) : (
        <table className="table-sm table" aria-label="Market players">
          <TableHead columns={['Id', 'Name', 'Price', 'Excluded']} actionColumn="Remove" />
          <tbody>
            {players.fields.map((field, index) => (
              <tr key={field.id}>
                <td>
                  <input
                    type="number"
                    min={0}
                    aria-label={playerFieldLabel(index, 'id')}
                    className="input input-sm w-28"
                    {...form.register(`players.${index}.id`, { valueAsNumber: true })}
                  />
                </td>
                <td>
                  <input
                    aria-label={playerFieldLabel(index, 'name')}
                    className="input input-sm w-full"
                    {...form.register(`players.${index}.name`)}
                  />
                </td>
                <td>
                  <input
                    type="number"
                    min={0}
                    aria-label={playerFieldLabel(index, 'price')}
                    className="input input-sm w-28"
                    {...form.register(`players.${index}.price`, { valueAsNumber: true })}
                  />
                </td>
                <td>
                  <input
                    type="checkbox"
                    className="checkbox checkbox-sm"
                    aria-label={playerFieldLabel(index, 'excluded')}
                    {...form.register(`players.${index}.isExcluded`)}
                  />
                </td>
                <td>
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs"
                    aria-label={`Remove player ${index + 1}`}
                    onClick={() => players.remove(index)}
                  >
                    ✕
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <button
        type="button"
        className="btn btn-sm btn-outline self-start"
        onClick={() => players.append(defaultMarketPlayer())}
      >
        Add player
      </button>
    </>
  );
}
