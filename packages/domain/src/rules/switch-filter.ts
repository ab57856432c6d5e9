import { messages } from '../messages.js';

/** What a switch-filter request needs to know about the account and the user's filters. */
export interface SwitchFilterContext<F extends { id?: string | undefined; label: string }> {
  /** The account to switch, or undefined when the id matched none. */
  account: { id: string } | undefined;
  /** The user's filters. */
  filters: readonly F[];
  /** Ids of the filters the account runs now. */
  currentFilterIds: readonly string[];
  /** Label of the filter chosen in the Switch Filter modal. */
  label: string;
}

export type SwitchFilterResult<F> = { ok: true; filter: F & { id: string } } | { ok: false; message: string };

/**
 * Resolves a switch on a running account (000 §5): 'Could not find account', 'Filter not
 * found' (unknown label), 'Could not find filter' (the label names a filter that was never
 * saved, so it has no id), 'Filter already selected'.
 */
export function resolveFilterSwitch<F extends { id?: string | undefined; label: string }>(
  context: SwitchFilterContext<F>,
): SwitchFilterResult<F> {
  if (!context.account) return { ok: false, message: messages.couldNotFindAccount };
  const filter = context.filters.find((candidate) => candidate.label === context.label);
  if (!filter) return { ok: false, message: messages.filterNotFound };
  const id = filter.id;
  if (!id) return { ok: false, message: messages.couldNotFindFilter };
  if (context.currentFilterIds.length === 1 && context.currentFilterIds[0] === id) {
    return { ok: false, message: messages.filterAlreadySelected };
  }
  return { ok: true, filter: { ...filter, id } };
}
