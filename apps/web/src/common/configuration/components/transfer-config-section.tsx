import {
  defaultTransferConfig,
  RECOMMENDED_SAFE_LATENCY_MS,
  screenshotOptions,
  TRANSFER_RANGES,
  transferConfigSchema,
  type TransferConfig,
} from '@tradedesk/domain';
import { Field } from '../../../components/ui/field';
import { useUpdateConfiguration } from '../api/update-configuration';
import { NumberField, ToggleField } from './fields';
import { SettingsSection } from './settings-section';
import { SelectOptions } from '../../../components/ui/form-controls';

const { safeLatency, retries, searchDelay } = TRANSFER_RANGES;

const labels = {
  safeLatency: 'Safe Latency (ms)',
  retries: 'Retries',
  'delay.min': 'Delay between Searches (min)',
  'delay.max': 'Delay between Searches (max)',
} as const;

/** Transfer Configuration (spec 001 §2): screenshots, safe latency, retries, masking, search delay, buy-back protection. */
export function TransferConfigSection({ stored }: { stored: TransferConfig }) {
  const update = useUpdateConfiguration('transfer');
  return (
    <SettingsSection
      title="Transfer Configuration"
      stored={stored}
      defaults={defaultTransferConfig()}
      schema={transferConfigSchema}
      fieldLabels={labels}
      isSaving={update.isPending}
      onSave={(value) => update.mutate(value)}
    >
      {(form) => (
        <>
          <Field label="Screenshots">
            <select className="select select-sm w-full" {...form.register('screenshot')}>
              <SelectOptions options={screenshotOptions} />
            </select>
          </Field>
          <div className="grid gap-2 sm:grid-cols-2">
            <NumberField
              label={labels.safeLatency}
              hint={`Recommended: ${RECOMMENDED_SAFE_LATENCY_MS} ms; 0 turns the check off.`}
              min={safeLatency.min}
              max={safeLatency.max}
              registration={form.register('safeLatency', { valueAsNumber: true })}
            />
            <NumberField
              label={labels.retries}
              hint={`${retries.min} to ${retries.max}; each retry searches 3 more times.`}
              min={retries.min}
              max={retries.max}
              registration={form.register('retries', { valueAsNumber: true })}
            />
            <NumberField
              label={labels['delay.min']}
              min={searchDelay.min}
              max={searchDelay.max}
              registration={form.register('delay.min', { valueAsNumber: true })}
            />
            <NumberField
              label={labels['delay.max']}
              min={searchDelay.min}
              max={searchDelay.max}
              registration={form.register('delay.max', { valueAsNumber: true })}
            />
          </div>
          <ToggleField label="Mask Transfers" registration={form.register('isTransfersMasked')} />
          <ToggleField
            label="Buy Back Protection"
            hint="Never buy back above the price the buyer listed at, nor a card someone else has bid on."
            registration={form.register('isBuyBackProtectionEnabled')}
          />
        </>
      )}
    </SettingsSection>
  );
}
