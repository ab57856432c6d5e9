import {
  ANY,
  ANY_ID,
  chemistryStyleOptions,
  clubsOfLeague,
  leagueOptions,
  nationOptions,
  playstyleOptions,
  positionOptions,
  qualityOptions,
  rarityOptions,
} from '@tradedesk/domain';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { SelectField } from '../../../components/ui/form-controls';
import type { FilterFormValues } from './filter-form-values';

const asNumber = (value: unknown) => Number(value);

/** Named ids (nations, leagues, clubs) as dropdown options. */
const namedIdOptions = (rows: readonly { id: number; name: string }[]) =>
  rows.map((row) => ({ value: row.id, label: row.name }));

/** Quality, Rarity, Position, Chemistry Style, Nation, League, Club and Playstyle. */
export function CriteriaFields({ form }: { form: UseFormReturn<FilterFormValues> }) {
  const { register, watch, setValue, control } = form;
  const league = Number(watch('league'));
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <SelectField label="Quality" options={qualityOptions} {...register('quality')} />
      <SelectField label="Rarity" options={rarityOptions} {...register('rarity')} />
      <SelectField label="Position" options={positionOptions} {...register('position')} />
      <SelectField
        label="Chemistry Style"
        options={chemistryStyleOptions}
        {...register('chemistryStyle', { setValueAs: asNumber })}
      />
      <SelectField
        label="Nation"
        options={namedIdOptions(nationOptions)}
        {...register('nationality', { setValueAs: asNumber })}
      />
      <Controller
        control={control}
        name="league"
        render={({ field }) => (
          <SelectField
            label="League"
            options={namedIdOptions(leagueOptions)}
            name={field.name}
            value={field.value}
            onBlur={field.onBlur}
            onChange={(event) => {
              field.onChange(Number(event.target.value));
              // A club belongs to one league: a new league (or Any) starts again from Any club.
              setValue('club', ANY_ID, { shouldDirty: true });
            }}
          />
        )}
      />
      <Controller
        control={control}
        name="club"
        render={({ field }) => (
          <SelectField
            label="Club"
            options={namedIdOptions([ANY, ...clubsOfLeague(league)])}
            disabled={league === ANY_ID}
            name={field.name}
            value={field.value}
            onBlur={field.onBlur}
            onChange={(event) => field.onChange(Number(event.target.value))}
          />
        )}
      />
      <SelectField label="Playstyle" options={playstyleOptions} {...register('playstyle')} />
    </div>
  );
}
