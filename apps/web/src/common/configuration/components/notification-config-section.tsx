import {
  defaultNotificationConfig,
  notificationConfigSchema,
  soundOptions,
  type NotificationConfig,
  type NotificationSoundEvent,
} from '@tradedesk/domain';
import { playSound } from '../api/play-sound';
import { useUpdateConfiguration } from '../api/update-configuration';
import { Field } from '../../../components/ui/field';
import { ToggleField } from './fields';
import { SettingsSection } from './settings-section';
import { SelectOptions } from '../../../components/ui/form-controls';

const soundEvents: { event: NotificationSoundEvent; label: string }[] = [
  { event: 'snipeSuccess', label: 'Snipe success' },
  { event: 'snipeError', label: 'Snipe error' },
  { event: 'transferSuccess', label: 'Transfer success' },
  { event: 'transferError', label: 'Transfer error' },
  { event: 'captcha', label: 'Captcha' },
];

/** Notification Configuration: which notices to send, sound on/off and a sound per event. */
export function NotificationConfigSection({ stored }: { stored: NotificationConfig }) {
  const update = useUpdateConfiguration('notification');
  return (
    <SettingsSection
      title="Notification Configuration"
      stored={stored}
      defaults={defaultNotificationConfig()}
      schema={notificationConfigSchema}
      isSaving={update.isPending}
      onSave={(value) => update.mutate(value)}
    >
      {(form) => (
        <>
          <ToggleField label="Start and stop notices" registration={form.register('isStartStopEnabled')} />
          <ToggleField label="Snipe notices" registration={form.register('isSnipesEnabled')} />
          <ToggleField label="Sound" registration={form.register('isSoundEnabled')} />
          <div className="grid gap-2 sm:grid-cols-2">
            {soundEvents.map(({ event, label }) => (
              <Field key={event} label={label}>
                <div className="join w-full">
                  <select
                    className="select select-sm join-item w-full"
                    aria-label={`${label} sound`}
                    {...form.register(`sound.${event}`)}
                  >
                    <SelectOptions options={soundOptions} />
                  </select>
                  <button
                    type="button"
                    className="btn btn-sm join-item"
                    aria-label={`Preview ${label} sound`}
                    onClick={() => playSound(form.getValues(`sound.${event}`))}
                  >
                    ▶
                  </button>
                </div>
              </Field>
            ))}
          </div>
        </>
      )}
    </SettingsSection>
  );
}
