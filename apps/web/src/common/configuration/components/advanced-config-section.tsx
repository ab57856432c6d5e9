import {
  defaultAdvancedConfig,
  advancedConfigSchema,
  GAME_DEFAULT_SEARCH_RESULTS,
  SEARCH_RESULTS_MAX,
  SEARCH_RESULTS_MIN,
  type AdvancedConfig,
} from '@tradedesk/domain';
import { useUpdateConfiguration } from '../api/update-configuration';
import { NumberField, ToggleField } from './fields';
import { SettingsSection } from './settings-section';

const labels = { 'rotation.requests': 'Requests', numOfSearchResults: 'Number of Search Results' } as const;

/** Advanced Configuration (spec §2): run mode, coin check, rotation, masking, search size, fleet, shortcuts. */
export function AdvancedConfigSection({ stored }: { stored: AdvancedConfig }) {
  const update = useUpdateConfiguration('advanced');
  return (
    <SettingsSection
      title="Advanced Configuration"
      runningUpdate="advanced configuration"
      stored={stored}
      defaults={defaultAdvancedConfig()}
      schema={advancedConfigSchema}
      fieldLabels={labels}
      isSaving={update.isPending}
      onSave={(value) => update.mutate(value)}
    >
      {(form) => {
        const isRotationEnabled = form.watch('rotation.isEnabled');
        return (
          <>
            <ToggleField
              label="Headless Sniping"
              hint="Faster, but a higher risk of a ban."
              registration={form.register('isHeadlessEnabled')}
            />
            <ToggleField
              label="Check Coin Balance"
              hint="Stop early when the coins fall below the filter's max price."
              registration={form.register('isCoinCheckEnabled')}
            />
            <ToggleField
              label="Filter Rotation"
              hint="Rotate between the selected filters."
              registration={form.register('rotation.isEnabled')}
            />
            <NumberField
              label={labels['rotation.requests']}
              hint="Requests before rotating to the next filter."
              disabled={!isRotationEnabled}
              registration={form.register('rotation.requests', { valueAsNumber: true })}
            />
            <ToggleField
              label="Mask Snipes"
              hint="Hides the player name in shared messages (not for multi-rarity snipes)."
              registration={form.register('isSnipesMasked')}
            />
            <NumberField
              label={labels.numOfSearchResults}
              hint={`The game's own default is ${GAME_DEFAULT_SEARCH_RESULTS}; a lower number lowers the search rate.`}
              min={SEARCH_RESULTS_MIN}
              max={SEARCH_RESULTS_MAX}
              registration={form.register('numOfSearchResults', { valueAsNumber: true })}
            />
            <ToggleField
              label="Sniping as a fleet"
              hint="Accounts of one platform started together snipe as one team: they share the market's looks and never bid against each other."
              registration={form.register('isFleetEnabled')}
            />
            <ToggleField
              label="Keyboard Shortcuts"
              hint="Use the shortcuts in the game's web app."
              registration={form.register('isShortcutsEnabled')}
            />
          </>
        );
      }}
    </SettingsSection>
  );
}
