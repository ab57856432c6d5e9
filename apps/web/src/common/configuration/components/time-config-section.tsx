import { defaultTimeConfig, timeConfigSchema, timeUnitOptions, type TimeConfig } from '@tradedesk/domain';
import type { UseFormReturn } from 'react-hook-form';
import { useUpdateConfiguration } from '../api/update-configuration';
import { NumberField } from './fields';
import { SettingsSection } from './settings-section';
import { SelectOptions } from '../../../components/ui/form-controls';

type RangePath = 'delay' | 'duration' | 'break.frequency' | 'break.duration' | 'pagination';

const ranges: { path: RangePath; label: string }[] = [
  { path: 'delay', label: 'Delay between Snipes' },
  { path: 'duration', label: 'Sniping Duration' },
  { path: 'break.frequency', label: 'Break Frequency' },
  { path: 'break.duration', label: 'Break Duration' },
  { path: 'pagination', label: 'Pagination Interval for multi-rarity snipes' },
];

const thresholds: { path: keyof TimeConfig; label: string }[] = [
  { path: 'maxRequests', label: 'Requests' },
  { path: 'maxSnipes', label: 'Snipes' },
  { path: 'maxSearches', label: 'Searches' },
  { path: 'maxSearchResults', label: 'Search Results' },
  { path: 'maxPageJumps', label: 'Page Jumps' },
];

/** The label each number field shows (and a message names it by), keyed by its form path. */
const fieldLabels: Readonly<Record<string, string>> = Object.fromEntries([
  ...ranges.flatMap(({ path, label }) =>
    (['min', 'max'] as const).map((side) => [`${path}.${side}.value`, rangeBoundLabel(label, side)]),
  ),
  ...thresholds.map(({ path, label }) => [path, label]),
]);

function rangeBoundLabel(label: string, side: 'min' | 'max'): string {
  return `${label} ${side}`;
}

function RangeFields({
  form,
  path,
  label,
}: {
  form: UseFormReturn<TimeConfig>;
  path: RangePath;
  label: string;
}) {
  const bound = (side: 'min' | 'max') => (
    <div className="join w-full">
      <input
        type="number"
        min={0}
        className="input input-sm join-item w-full"
        aria-label={rangeBoundLabel(label, side)}
        {...form.register(`${path}.${side}.value`, { valueAsNumber: true })}
      />
      {/* As wide as its longest unit ("Milliseconds") and the arrow; the number field gives way. */}
      <select
        className="select select-sm join-item w-auto shrink-0"
        aria-label={`${label} ${side} unit`}
        {...form.register(`${path}.${side}.unit`)}
      >
        <SelectOptions options={timeUnitOptions} />
      </select>
    </div>
  );
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm font-medium">{label}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {bound('min')}
        {bound('max')}
      </div>
    </fieldset>
  );
}

/** Time Configuration: run timing, breaks and the thresholds that end a run (0 = no limit). */
export function TimeConfigSection({ stored }: { stored: TimeConfig }) {
  const update = useUpdateConfiguration('time');
  return (
    <SettingsSection
      title="Time Configuration"
      runningUpdate="time configuration"
      stored={stored}
      defaults={defaultTimeConfig()}
      schema={timeConfigSchema}
      fieldLabels={fieldLabels}
      isSaving={update.isPending}
      onSave={(value) => update.mutate(value)}
    >
      {(form) => (
        <>
          {ranges.map((range) => (
            <RangeFields key={range.path} form={form} path={range.path} label={range.label} />
          ))}
          <h4 className="mt-2 font-semibold">Thresholds</h4>
          <div className="grid gap-2 sm:grid-cols-3">
            {thresholds.map((threshold) => (
              <NumberField
                key={threshold.path}
                label={threshold.label}
                registration={form.register(threshold.path, { valueAsNumber: true })}
              />
            ))}
          </div>
        </>
      )}
    </SettingsSection>
  );
}
