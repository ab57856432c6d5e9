import {
  defaultShortcuts,
  firstIssueMessage,
  isSameValue,
  shortcutsSchema,
  type Shortcuts,
} from '@tradedesk/domain';
import { useEffect, useState } from 'react';
import { notify } from '../../../../lib/notify';
import { useUpdateShortcuts } from '../api/update-shortcuts';
import { generalShortcutLabels, keyText, marketShortcutLabels } from './shortcut-labels';

type Area = keyof Shortcuts;

/** Reads the stored shortcuts, falling back to the defaults when they are missing or malformed. */
export function storedShortcutsOf(value: unknown): Shortcuts {
  const parsed = shortcutsSchema.safeParse(value);
  return parsed.success ? parsed.data : defaultShortcuts();
}

/**
 * Keyboard Shortcuts: press a key in a field to bind it. Cancel, Reset (the defaults of spec §2)
 * and Save, disabled while nothing changed. Whether shortcuts are on at all is the Keyboard
 * Shortcuts switch of the Advanced Configuration.
 */
export function ShortcutsSection({ stored }: { stored: Shortcuts }) {
  const [draft, setDraft] = useState(stored);
  useEffect(() => setDraft(stored), [stored]);
  const update = useUpdateShortcuts();
  const bind = (area: Area, action: string, key: string) =>
    setDraft((current) => ({ ...current, [area]: { ...current[area], [action]: key } }));
  const save = () => {
    const parsed = shortcutsSchema.safeParse(draft);
    if (!parsed.success) return notify.error(firstIssueMessage(parsed.error));
    update.mutate(parsed.data);
  };

  const rows = (area: Area, labels: Record<string, string>) =>
    Object.entries(labels).map(([action, label]) => (
      <label key={action} className="flex items-center justify-between gap-2">
        <span className="text-sm">{label}</span>
        <input
          readOnly
          className="input input-sm w-24 text-center font-mono"
          aria-label={label}
          value={keyText((draft[area] as Record<string, string>)[action] ?? '')}
          onKeyDown={(event) => {
            if (event.key === 'Tab') return;
            event.preventDefault();
            bind(area, action, event.key);
          }}
        />
      </label>
    ));

  return (
    <details className="collapse-arrow bg-base-200 border-base-300 collapse border">
      <summary className="collapse-title font-semibold">Keyboard Shortcuts</summary>
      <div className="collapse-content flex flex-col gap-2">
        <h4 className="font-medium">General</h4>
        {rows('general', generalShortcutLabels)}
        <h4 className="mt-2 font-medium">Transfer market</h4>
        <div className="grid gap-2 sm:grid-cols-2">{rows('market', marketShortcutLabels)}</div>
        <div className="flex justify-end gap-2">
          <button type="button" className="btn btn-sm" onClick={() => setDraft(stored)}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline"
            onClick={() => setDraft(defaultShortcuts())}
          >
            Reset
          </button>
          <button
            type="button"
            className="btn btn-sm btn-primary"
            disabled={isSameValue(draft, stored) || update.isPending}
            onClick={save}
          >
            Save
          </button>
        </div>
      </div>
    </details>
  );
}
